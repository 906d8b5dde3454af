// Entry point of the root Pulumi project (Pulumi.yaml): the fleet in fleet.yaml.
import * as path from "path";
import { fleetProgram } from "./program";

const outputs = fleetProgram(path.resolve(__dirname, "..", "..", "..", "fleet.yaml"));
export const servers = outputs.servers;
// Present only when fleet:webhookUrl is set (an undefined export would draw a warning).
if (outputs.webhookId) exports.webhookId = outputs.webhookId;
