/** The edge that publishes a rendered profile through @actions/core: outputs, then the step summary. */
import * as core from '@actions/core';
import type { RenderedProfile } from './render.js';

export async function writeSummary(rendered: RenderedProfile, extraOutputs: Record<string, string> = {}): Promise<void> {
  for (const [name, value] of Object.entries({ ...rendered.outputs, ...extraOutputs })) core.setOutput(name, value);
  await core.summary.addRaw(rendered.markdown).write();
}
