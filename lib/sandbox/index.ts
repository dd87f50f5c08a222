export { createSandboxHandler } from "./handler";
export type { SandboxHandler, SandboxOptions } from "./handler";
export { getDataset, AS_OF } from "./dataset";
