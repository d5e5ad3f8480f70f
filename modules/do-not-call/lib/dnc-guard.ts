import type { DialerController } from "@/modules/dialer/lib/controller";

// Do-not-call on the dialer: a number on the team's list can be neither power-dialed
// nor dialed by hand. The guard wraps the controller's public `dial` so that every way of
// dialing (the Call button, Enter, a business's phone in Targets, a power-dial session) asks the
// server first and the rep is told why when it refuses. The server refuses the call record
// anyway; this makes the refusal visible before the phone rings.
//
// When the check itself fails (offline), the call goes ahead: the dialer must keep working
// without the server (calls are queued), and the server still refuses the record later. So does
// a number the server cannot read as one (the check answers 400 invalid_number: "5550100" has no
// area code); its record is refused as well, and no such string can be a listed number.

export type DncCheck = (digits: string) => Promise<{ doNotCall: boolean; number: string | null }>;

export function guardDial(
  controller: DialerController,
  check: DncCheck,
  onBlocked: (number: string) => void,
): DialerController {
  let inFlight = false;
  return {
    ...controller,
    get capabilities() {
      return controller.capabilities;
    },
    dial(number, context) {
      // A real line's calls are checked by the server before they are placed (the signed call
      // authorisation): asking here too would only delay the call.
      if (controller.capabilities.real) return controller.dial(number, context);
      const digits = (number ?? controller.getState().number).trim();
      if (!digits || inFlight) {
        if (!inFlight) controller.dial(number, context);
        return;
      }
      inFlight = true;
      check(digits).then(
        (answer) => {
          inFlight = false;
          if (answer.doNotCall) {
            if (number !== undefined) controller.setNumber(number);
            onBlocked(answer.number ?? digits);
          } else controller.dial(number, context);
        },
        () => {
          inFlight = false;
          controller.dial(number, context);
        },
      );
    },
  };
}
