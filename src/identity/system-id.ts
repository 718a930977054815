/**
 * System ids. The frontend's id (`mame`, `snes`, as its rom folder is named) is what consumers
 * know, so it is kept as given in keys and payloads; the normalized and media forms are derived
 * from it and never replace it.
 */

/** The frontend's system id from a hook argument: as given, only surrounding whitespace dropped. */
export function frontendSystemId (raw: string): string {
  return raw.trim()
}

/** Lower case, whitespace runs as `_`: `Sega Saturn` -> `sega_saturn`, for ids compared or stored without case. */
export function normalizedSystemId (systemId: string): string {
  return systemId.trim().toLowerCase().replace(/\s+/g, '_')
}

/** Frontend systems whose media the store keeps under another system (domain-notes §4.2). */
const mediaSystemAliases: Readonly<Record<string, string>> = {
  mame: 'arcade',
  fbneo: 'arcade',
  fba: 'arcade',
  hbmame: 'arcade',
  atarijaguar: 'jaguar',
  atarijaguarcd: 'jaguarcd',
  atarilynx: 'lynx'
}

/** The system a frontend system keeps its media under: `MAME` -> `arcade`, `Sega Saturn` -> `sega_saturn`. */
export function mediaSystemId (frontendSystem: string): string {
  const normalized = normalizedSystemId(frontendSystem)
  return mediaSystemAliases[normalized] ?? normalized
}

/** The folder right under `roms/` in a rom path of either separator, when there is one: `/x/roms/snes/a.sfc` -> `snes`. */
export function systemFromRomPath (romPath: string): string | null {
  const match = /(?:^|[\\/])roms[\\/]([^\\/]+)[\\/]/i.exec(romPath)
  return match?.[1] ?? null
}
