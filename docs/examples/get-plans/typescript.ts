// The dedicated plans offered in Amsterdam, cheapest first
import * as hosting from "@pulumi-hosting/sdk";

const dedicated = hosting.getPlansOutput({ type: "vdc", region: "ams" });

export const planIds = dedicated.ids;
