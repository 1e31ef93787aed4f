// Vitest's order, with one change: the files that mostly wait on timers (the "waiting" project)
// are spread through the first group — unit, integration and isolated — instead of running after
// it. Each then holds one of that group's workers while it sleeps, and the other worker goes on
// with integration files; one after another at the end, they made the run's slowest tail (~340 s).
import { BaseSequencer } from 'vitest/node';

const WAITING = 'waiting';

export default class WaitingSpreadSequencer extends BaseSequencer {
  async sort(files) {
    const sorted = await super.sort(files);
    // Longest first (the project's include order names them so), so the long ones overlap the most.
    const waiting = sorted.filter((f) => f.project.name === WAITING);
    const order = (f) => f.project.config.include.findIndex((p) => f.moduleId.endsWith(p));
    waiting.sort((a, b) => order(a) - order(b));
    const first = sorted.filter((f) => f.project.name !== WAITING && f.project.config.sequence.groupOrder === 0);
    const later = sorted.filter((f) => f.project.name !== WAITING && f.project.config.sequence.groupOrder !== 0);
    if (waiting.length === 0 || first.length === 0) return [...waiting, ...first, ...later];
    // Evenly through the integration files (the group's long part; unit files take seconds).
    const integration = first.filter((f) => f.project.name === 'integration').length || first.length;
    const step = Math.max(1, Math.floor(integration / waiting.length));
    const spread = [];
    first.forEach((f, i) => {
      if (i % step === 0 && waiting.length > 0) spread.push(waiting.shift());
      spread.push(f);
    });
    return [...spread, ...waiting, ...later];
  }
}
