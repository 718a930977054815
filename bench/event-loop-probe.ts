/**
 * Loaded into the measured process (`node --import tsx --import bench/event-loop-probe.ts ...`):
 * the event loop's delay, as perf_hooks.monitorEventLoopDelay sees it from inside. Each SIGWINCH
 * (harmless to a process without a terminal; the service shuts down on SIGUSR2) writes what was
 * seen since the last one to `$EVENT_LOOP_PROBE_FILE` (JSON, milliseconds) and starts again: one
 * signal at the start of a measurement, one at its end.
 */
import { writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const file = process.env.EVENT_LOOP_PROBE_FILE
if (file !== undefined) {
  const resolutionMs = 10
  const delay = monitorEventLoopDelay({ resolution: resolutionMs })
  delay.enable()
  // The histogram holds the time between the timer's ticks: the delay is what exceeds the resolution.
  const ms = (nanoseconds: number): number => Number(Math.max(0, nanoseconds / 1e6 - resolutionMs).toFixed(3))
  process.on('SIGWINCH', () => {
    writeFileSync(file, JSON.stringify({ samples: delay.count, p50Ms: ms(delay.percentile(50)), p99Ms: ms(delay.percentile(99)), maxMs: ms(delay.max), meanMs: ms(delay.mean), resolutionMs }))
    delay.reset()
  })
}
