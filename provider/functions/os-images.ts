// OS image lookups of the program: `getOsImages` and `getOsImage`, each with a `...Output`
// form; the search is lookups/os-images.ts's.

import type * as pulumi from "@pulumi/pulumi";
import { findOsImage, findOsImages, type GetOsImageArgs, type GetOsImageResult, type GetOsImagesArgs, type GetOsImagesResult } from "../lookups/os-images";
import { explained, outputOf } from "./client";

export type { GetOsImageArgs, GetOsImageResult, GetOsImagesArgs, GetOsImagesResult };

export interface GetOsImagesOutputArgs {
  family?: pulumi.Input<string>;
  namePattern?: pulumi.Input<string>;
}

export interface GetOsImageOutputArgs extends GetOsImagesOutputArgs {
  slug?: pulumi.Input<string>;
  id?: pulumi.Input<number>;
}

/** Images of a family or name pattern, newest first; an error when none matches. */
export function getOsImages(args: GetOsImagesArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetOsImagesResult> {
  return explained("getOsImages", args, (client) => findOsImages(client, args));
}

export function getOsImagesOutput(args?: GetOsImagesOutputArgs, opts?: pulumi.InvokeOptions): pulumi.Output<GetOsImagesResult> {
  return outputOf(getOsImages, args, opts);
}

/** The newest image matching slug, id, family and name pattern (all that are given). */
export function getOsImage(args: GetOsImageArgs = {}, _opts?: pulumi.InvokeOptions): Promise<GetOsImageResult> {
  return explained("getOsImage", args, (client) => findOsImage(client, args));
}

export function getOsImageOutput(args?: GetOsImageOutputArgs, opts?: pulumi.InvokeOptions): pulumi.Output<GetOsImageResult> {
  return outputOf(getOsImage, args, opts);
}
