// The wire protocol of the hosting API as code: what both the simulator and the client
// import, so neither keeps its own copy. Re-exports only.
export * from "./events";
export * from "./errors";
export * from "./headers";
export * from "./shapes";
export * from "./signature";
