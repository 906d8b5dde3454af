// Errors as the engine reads them. A create or update that left a server behind
// (ResourceInitFailedError, provider/server/resource-init-failed.ts) becomes the gRPC status with an
// ErrorResourceInitFailed detail, as the dynamic-provider host sends it: the engine then
// records the id and properties, so the next `up` updates or replaces the server instead of
// leaving it behind. Everything else is UNKNOWN with the core's message.

import type { ServiceError } from "@grpc/grpc-js";
import { ResourceInitFailedError } from "../server/resource-init-failed";
import { anyproto, grpc, provproto, statusproto } from "./grpc";
import { toStruct } from "./wire";

export function grpcError(e: unknown, secrets: Iterable<string> = []): Partial<ServiceError> {
  const message = e instanceof Error ? e.message : String(e);
  const metadata = new grpc.Metadata();
  if (e instanceof ResourceInitFailedError) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(e.id);
    detail.setProperties(toStruct(e.properties, secrets));
    detail.setReasonsList(e.reasons);
    const packed = new anyproto.Any();
    packed.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(packed);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, message, metadata };
}

/** An error already in the form the engine reads (a partial create's, with its secrets wrapped). */
export class EngineAnswer extends Error {
  constructor(
    message: string,
    readonly grpc: Partial<ServiceError>,
  ) {
    super(message);
    this.name = "EngineAnswer";
  }
}

export function unimplemented(what: string): Partial<ServiceError> {
  return { code: grpc.status.UNIMPLEMENTED, details: `${what} is not implemented by the hosting provider` };
}
