// Public surface of the dialer. The /app shell imports DialerProvider, DialerWidget and
// CallControls (their props are a contract); other features use useDialer().
export { CallControls } from "./call-controls";
export { DialerProvider, useDialer, type DialerApi } from "./dialer-provider";
export { DialerWidget } from "./dialer-widget";
