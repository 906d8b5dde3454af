// The Debian images, newest first
import * as hosting from "@pulumi-hosting/sdk";

const debian = hosting.getOsImagesOutput({ family: "debian" });

export const slugs = debian.slugs;
