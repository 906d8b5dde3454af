export {
  DeliveryEvent,
  Verdict,
  VerifyOptions,
  DEFAULT_MAX_AGE_SECONDS,
  SPEC_RETRY_SPAN_SECONDS,
  acceptDelivery,
  verifyDelivery,
} from "./verify-delivery";
export { MemoryReplayStore, ReplayGuard, ReplayStore } from "./replay-store";
export { FileReplayStore } from "./file-replay-store";
export { ReceiverOptions, RunningReceiver, startWebhookReceiver } from "./receiver-server";
export { signWebhookBody, verifyWebhookSignature } from "../../protocol/signature";
