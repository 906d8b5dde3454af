// Reading and checking request bodies: a size cap, Content-Type, and JSON that must be an
// object. Each refusal names what is wrong (docs/contract.md: 400 INVALID_JSON, 415).
import type { IncomingMessage } from "http";
import { ApiRefusal } from "./errors";
import { ERROR_CODES } from "../../protocol/errors";

const MAX_BODY_BYTES = 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) {
        reject(new ApiRefusal(413, ERROR_CODES.payloadTooLarge, `request body is ${size} bytes; the limit is ${MAX_BODY_BYTES}`));
      } else {
        resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      }
    });
    req.on("error", reject);
  });
}

/**
 * The JSON object of a body-taking route. An empty body on a route whose fields are all
 * optional (PATCH) still needs the JSON Content-Type only when bytes are sent.
 */
export function parseJsonBody(raw: Buffer, contentType: string | undefined, routeName: string): Record<string, unknown> {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") {
    const got = contentType ? `Content-Type ${contentType}` : "no Content-Type";
    throw new ApiRefusal(415, ERROR_CODES.unsupportedMediaType,
      `${routeName} takes a JSON body with Content-Type: application/json; the request had ${got}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(raw.toString("utf8"));
  } catch (e) {
    throw new ApiRefusal(400, ERROR_CODES.invalidJson, `the request body is not valid JSON: ${(e as Error).message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiRefusal(400, ERROR_CODES.invalidJson, "the request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}
