// The newest Ubuntu LTS image
import * as hosting from "@pulumi-hosting/sdk";

const ubuntu = hosting.getOsImageOutput({ family: "ubuntu", namePattern: "LTS" });

export const slug = ubuntu.slug;
