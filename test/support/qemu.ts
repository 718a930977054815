/** A Raspberry Pi's Batocera, here: qemu runs the arm64 bundle's Node.js with Debian's arm64 C and C++ libraries. */
import path from 'node:path'
import { findPeer } from './peers.js'

const qemu = findPeer('qemu-aarch64-static', 'qemu-user-static', ['/usr/bin/qemu-aarch64-static'])
const arm64Libraries = '/usr/aarch64-linux-gnu'
const arm64Loader = findPeer('the arm64 C library', 'libc6-arm64-cross libstdc++6-arm64-cross libgcc-s1-arm64-cross', [`${arm64Libraries}/lib/ld-linux-aarch64.so.1`])

export const qemuSkip = qemu.skip || arm64Loader.skip

/**
 * The command running the arm64 bundle's app with these arguments. The launcher is sh, which would
 * run node/bin/node itself; without binfmt, qemu is named here.
 */
export const arm64Command = (bundle: string, args: readonly string[]): string[] =>
  [qemu.path!, '-L', arm64Libraries, path.join(bundle, 'node/bin/node'), path.join(bundle, 'app/cabinet-hub.mjs'), ...args]
