import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planSchedules, startScheduler, type ScheduledJob } from '../../../scripts/lib/scheduler.ts';

let runs: string[];
const hhmm = () => new Date().toISOString().slice(11, 19);

/** A scheduled function that records the UTC time of each run. */
const job = (name: string, schedule: string): ScheduledJob => ({
  file: `/repo/netlify/functions/${name}`,
  schedule,
  run: async () => {
    runs.push(`${name} ${hhmm()}`);
    return new Response('ok');
  },
});

const project = () => [
  job('mail-drain.mts', '* * * * *'),
  job('upload-cleanup.mts', '@hourly'),
  job('housekeeping.mts', '@daily'),
];

beforeEach(() => {
  runs = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => vi.useRealTimers());

describe('local scheduler', () => {
  it('runs each function at the minutes of its own schedule, at the start of the minute', async () => {
    vi.setSystemTime(new Date('2026-03-10T22:58:30.250Z'));
    const stop = startScheduler(project());
    await vi.advanceTimersByTimeAsync(29_749);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual(['mail-drain.mts 22:59:00']);

    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(runs).toEqual([
      'mail-drain.mts 22:59:00',
      'mail-drain.mts 23:00:00',
      'upload-cleanup.mts 23:00:00',
      'mail-drain.mts 23:01:00',
    ]);

    runs = [];
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs.filter((r) => !r.startsWith('mail-drain'))).toEqual([
      'upload-cleanup.mts 00:00:00',
      'housekeeping.mts 00:00:00',
    ]);
    expect(runs.filter((r) => r.startsWith('mail-drain'))).toHaveLength(60);
    stop();
  });

  it('stops when asked', async () => {
    vi.setSystemTime(new Date('2026-03-10T12:00:10Z'));
    const stop = startScheduler(project());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual(['mail-drain.mts 12:01:00']);
    stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toHaveLength(1);
  });

  it('after the clock jumps ahead (a machine waking up) runs the current minute once and realigns', async () => {
    vi.setSystemTime(new Date('2026-03-10T12:00:30Z'));
    const stop = startScheduler([job('mail-drain.mts', '* * * * *')]);
    vi.setSystemTime(new Date('2026-03-10T12:05:20Z'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(runs).toEqual(['mail-drain.mts 12:05:50']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual(['mail-drain.mts 12:05:50', 'mail-drain.mts 12:06:00']);
    stop();
  });

  it('logs a failed run and keeps going', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.setSystemTime(new Date('2026-03-10T12:00:59Z'));
    const failing: ScheduledJob = {
      ...job('mail-drain.mts', '* * * * *'),
      run: () => Promise.reject(new Error('smtp')),
    };
    const stop = startScheduler([failing, job('upload-cleanup.mts', '* * * * *')]);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(error).toHaveBeenCalledTimes(2);
    expect(String(error.mock.calls[0]![0])).toContain('mail-drain.mts failed');
    expect(runs).toEqual(['upload-cleanup.mts 12:01:00', 'upload-cleanup.mts 12:02:00']);
    stop();
    error.mockRestore();
  });

  it('refuses to start on an invalid schedule, naming the function and the problem', () => {
    expect(() => startScheduler([...project(), job('report.mts', '0 25 * * *')])).toThrow(
      'report.mts: Invalid cron expression "0 25 * * *": hour "25" has 25, outside 0-23.',
    );
    expect(() => planSchedules([job('drain.mts', '@every 1m')])).toThrow(/^drain\.mts: .*unknown alias/);
    expect(planSchedules(project()).map((p) => p.cron.expression)).toEqual(['* * * * *', '@hourly', '@daily']);
  });
});
