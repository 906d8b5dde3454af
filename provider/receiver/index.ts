export { DeliveryEvent, ReplayGuard, Verdict, VerifyOptions, verifyDelivery } from "./verify-delivery";
export { ReceiverOptions, RunningReceiver, startWebhookReceiver } from "./receiver-server";
export { signWebhookBody, verifyWebhookSignature } from "../../protocol/signature";
