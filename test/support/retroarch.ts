/**
 * The real Debian RetroArch + nestopia (design.md §7), headless with null drivers, running the
 * counter NES image written here. Every run gets its own HOME (RetroArch writes badge caches there).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createSocket } from 'node:dgram'
import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { counterRom } from './nes-rom.js'
import { findPeer } from './peers.js'

export const retroarch = findPeer('RetroArch', 'retroarch', ['/usr/bin/retroarch'])
export const nestopia = findPeer('the nestopia libretro core', 'libretro-nestopia', ['/usr/lib/x86_64-linux-gnu/libretro/nestopia_libretro.so', '/usr/lib/aarch64-linux-gnu/libretro/nestopia_libretro.so', '/usr/lib/libretro/nestopia_libretro.so'])
export const retroarchSkip = retroarch.skip || nestopia.skip

/** Null drivers, no config written back; null video has no vsync, so the run loop paces itself. */
export const headlessSettings: Record<string, string> = {
  video_driver: 'null',
  audio_driver: 'null',
  input_driver: 'null',
  input_joypad_driver: 'null',
  joypad_driver: 'null',
  menu_driver: 'null',
  config_save_on_exit: 'false',
  vrr_runloop_enable: 'true'
}

/** The hash rcheevos sends for an NES image: MD5 of the ROM without its 16-byte iNES header. */
export function nesHash (rom: Buffer): string {
  return createHash('md5').update(rom.subarray(16)).digest('hex')
}

export interface RetroarchRun {
  readonly child: ChildProcess
  /** RetroArch's own log (stdout and stderr, `--verbose`). */
  log (): string
  stop (): void
}

/** Starts RetroArch on the counter image in `work`, with these settings on top of the headless ones. */
export function runCounter (work: string, settings: Record<string, string>): RetroarchRun {
  const rom = path.join(work, 'counter.nes')
  writeFileSync(rom, counterRom())
  return runRetroarch(work, settings, ['-L', nestopia.path!, rom])
}

/** Starts RetroArch without content (headless, so no menu shows), with these settings on top of the headless ones. */
export function runContentless (work: string, settings: Record<string, string>): RetroarchRun {
  return runRetroarch(work, settings, [])
}

function runRetroarch (work: string, settings: Record<string, string>, content: readonly string[]): RetroarchRun {
  const config = path.join(work, 'retroarch.cfg')
  writeFileSync(config, Object.entries({ ...headlessSettings, ...settings }).map(([key, value]) => `${key} = "${value}"`).join('\n'))
  const child = spawn(retroarch.path!, ['--verbose', '--config', config, ...content], { cwd: work, env: { ...process.env, HOME: work }, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout!.on('data', (chunk: Buffer) => { log += chunk.toString() })
  child.stderr!.on('data', (chunk: Buffer) => { log += chunk.toString() })
  return {
    child,
    log: () => log,
    stop: () => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL') }
  }
}

/** A UDP port free on loopback right now, for a network command interface of its own. */
export async function freeUdpPort (): Promise<number> {
  const socket = createSocket('udp4')
  socket.bind(0, '127.0.0.1')
  await once(socket, 'listening')
  const { port } = socket.address()
  socket.close()
  return port
}
