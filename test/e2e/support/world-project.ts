// A simulator of one shape (startWorld) and a plugin-face project on the packed tarball with the
// simulator's URL and key in its config: what most end-to-end blocks open before their tests.
import { API_KEY, startWorld, type World } from "../fixtures";
import type { TestShape } from "../../helpers/simulator";
import { createPluginProject, type PluginProject } from "./plugin-project";

export async function openWorldProject(
  shape: TestShape, name: string, program: string, files?: Record<string, string>, seed?: (world: World) => Promise<void>,
): Promise<{ world: World; project: PluginProject }> {
  const world = await startWorld(shape);
  await seed?.(world);
  const project = await createPluginProject(`${name}-${shape.toLowerCase()}`, program, files);
  await project.config({ "hosting:baseUrl": world.sim.url }, { "hosting:apiKey": API_KEY });
  return { world, project };
}

/** Removes the project (after `pulumi destroy`, when `destroyFirst`, so no server outlives it) and stops the simulator. */
export async function closeWorldProject(world: World | undefined, project: PluginProject | undefined, destroyFirst = false): Promise<void> {
  if (destroyFirst) await project?.pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
  project?.dispose();
  await world?.close();
}
