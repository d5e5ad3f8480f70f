// Types for server-contract.mjs (shared by scripts/serve.mjs and the app).
export declare const socketPeerHeader: "x-dialflow-socket-ip";
export declare function claimSocketPeerHeader(): void;
export declare function socketPeerHeaderOwned(): boolean;
export declare function markDraining(): void;
export declare function isDraining(): boolean;
export declare function onShutdown(hook: () => Promise<void> | void): void;
export declare function runShutdownHooks(): Promise<void>;
