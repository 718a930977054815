/**
 * Whether a folder lies on a file system whose changes may come from another machine: NFS, SMB
 * (CIFS) and 9P (WSL's Windows drives). The system's file events there report only what this
 * machine writes, so such a folder is walked instead. Known on Linux (statfs's magic numbers);
 * elsewhere every folder counts as local.
 */
import { statfs } from 'node:fs/promises'

const remoteMagic = new Set([
  0x6969, // NFS
  0x517b, // SMB
  0xff534d42, // CIFS
  0xfe534d42, // SMB2
  0x01021997 // 9P
])

export async function onRemoteFileSystem (folder: string): Promise<boolean> {
  if (process.platform !== 'linux') return false
  try {
    return remoteMagic.has((await statfs(folder)).type)
  } catch {
    return false
  }
}
