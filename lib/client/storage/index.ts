// The browser storage module: typed, versioned, validated keys (see core.ts) and the registry
// of every key DialFlow stores (keys.ts).
export {
  defineKey,
  defineKeyFamily,
  legacyJson,
  readStored,
  writeStored,
  removeStored,
  subscribeStored,
  subscribeStorageProblems,
  storageItemName,
  type KeyFamily,
  type StorageArea,
  type StorageKey,
  type StorageProblem,
  type StorageScope,
  type WriteResult,
} from "./core";
export { useStoredValue } from "./use-stored-value";
export * from "./keys";
