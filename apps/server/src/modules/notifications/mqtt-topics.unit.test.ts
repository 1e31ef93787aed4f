import { describe, expect, it } from 'vitest';
import { commandCamera, DEFAULT_SNOOZE_MINUTES, discoveryMessages, parseCommand } from './mqtt-topics.ts';

describe('MQTT commands and discovery documents', () => {
  it('reads arm, disarm, resume and snooze in any case; anything else is null', () => {
    expect(parseCommand('arm')).toEqual({ kind: 'arm', armed: true });
    expect(parseCommand(' DISARM\n')).toEqual({ kind: 'arm', armed: false });
    expect(parseCommand('resume')).toEqual({ kind: 'resume' });
    expect(parseCommand('snooze')).toEqual({ kind: 'snooze', minutes: DEFAULT_SNOOZE_MINUTES });
    expect(parseCommand('snooze 0')).toEqual({ kind: 'snooze', minutes: 0 });
    for (const nonsense of ['', 'arm now', 'snooze -5', 'snooze 2.5', 'snooze 99999', '{"arm":true}', 'ON'])
      expect(parseCommand(nonsense), nonsense).toBeNull();
  });

  it('takes a camera from a set topic of its own workspace only', () => {
    expect(commandCamera('ws1', 'vigil/ws1/cam1/set')).toBe('cam1');
    expect(commandCamera('ws1', 'vigil/ws2/cam1/set')).toBeNull();
    expect(commandCamera('ws1', 'vigil/ws1/cam1/armed')).toBeNull();
  });

  it('removes a camera’s entities with the same topics, empty', () => {
    const cam = { id: '0b1c-22', name: 'Porch' };
    const shown = discoveryMessages('ws1', cam, 'https://vigil.example');
    const removed = discoveryMessages('ws1', cam, 'https://vigil.example', true);
    expect(removed.map(([t]) => t)).toEqual(shown.map(([t]) => t));
    expect(removed.every(([, p]) => p === '')).toBe(true);
    expect(shown.map(([t]) => t)).toEqual([
      'homeassistant/binary_sensor/vigil_0b1c22/motion/config',
      'homeassistant/binary_sensor/vigil_0b1c22/connectivity/config',
      'homeassistant/switch/vigil_0b1c22/armed/config',
      'homeassistant/camera/vigil_0b1c22/snapshot/config',
    ]);
  });
});
