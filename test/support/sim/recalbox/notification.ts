/**
 * One Recalbox EmulationStation event as its NotificationManager writes it: es_state.inf (CRLF
 * `key=value`, keys in its order) and the EventJson payload. Built from the simulator's games.
 */
import type { SimGame, SimSystem } from '../../../../src/sim/catalog.js'

export interface Notification {
  readonly action: string
  readonly system: SimSystem | null
  readonly game: SimGame | null
  /** `ActionData` / `Parameter`: the system's full name, the game's path, the start count ... */
  readonly parameter: string
}

/** The emulator and core of a system by name (recalbox.conf's `<system>.emulator` and `.core`), null when unknown. */
export type Emulators = (systemName: string) => { readonly emulator: string, readonly core: string } | null

/** What the userscripts get as `-param`: the game's path, else the system's name, else the action's data. */
export function scriptParameter (notification: Notification): string {
  return notification.game?.path ?? notification.system?.name ?? notification.parameter
}

const flag = (value: string | undefined): boolean => value === 'true'

const emulatorLines = (emulator: ReturnType<Emulators>, prefix = ''): string[] => emulator === null ? [] : [`${prefix}Emulator=${emulator.emulator}`, `${prefix}Core=${emulator.core}`]

/** es_state.inf: game keys only with a game, emulator keys only when known, `State` last. */
export function stateFileText (notification: Notification, emulators: Emulators): string {
  const { action, system, game, parameter } = notification
  const defaults = system === null || system.collection ? null : emulators(system.name)
  const lines = [
    'Version=2.0',
    `Action=${action}`,
    `ActionData=${parameter}`,
    `System=${system?.fullname ?? ''}`,
    `SystemId=${system?.name ?? ''}`,
    `Game=${game?.name ?? ''}`,
    `GamePath=${game?.path ?? ''}`,
    `ImagePath=${game?.metadata.image ?? ''}`,
    ...(game === null
      ? []
      : [
          'IsFolder=0',
          `ThumbnailPath=${game.metadata.thumbnail ?? ''}`,
          `VideoPath=${game.metadata.video ?? ''}`,
          `Developer=${game.metadata.developer ?? ''}`,
          `Publisher=${game.metadata.publisher ?? ''}`,
          `Players=${game.metadata.players ?? ''}`,
          'Region=',
          `Genre=${game.metadata.genre ?? ''}`,
          'GenreId=0',
          `Favorite=${flag(game.metadata.favorite) ? 1 : 0}`,
          `Hidden=${flag(game.metadata.hidden) ? 1 : 0}`,
          'Adult=0',
          ...emulatorLines(emulators(game.systemName))
        ]),
    ...emulatorLines(defaults, 'Default'),
    `State=${action === 'rungame' || action === 'runkodi' ? 'playing' : action === 'rundemo' ? 'demo' : 'selected'}`
  ]
  return lines.map((line) => `${line}\r\n`).join('')
}

/** The EventJson payload: `System` only with a system, `Game` only with a game. */
export function eventJson (notification: Notification, emulators: Emulators): Record<string, unknown> {
  const { action, system, game, parameter } = notification
  const defaults = system === null || system.collection ? null : emulators(system.name)
  const selected = game === null ? null : emulators(game.systemName)
  return {
    Action: action,
    Parameter: parameter,
    Version: '2.0',
    ...(system === null ? {} : { System: { System: system.fullname, SystemId: system.name, ...(defaults === null ? {} : { DefaultEmulator: { Emulator: defaults.emulator, Core: defaults.core } }) } }),
    ...(game === null
      ? {}
      : {
          Game: {
            Game: game.name,
            GamePath: game.path,
            IsFolder: false,
            ImagePath: game.metadata.image ?? '',
            ThumbnailPath: game.metadata.thumbnail ?? '',
            VideoPath: game.metadata.video ?? '',
            Developer: game.metadata.developer ?? '',
            Publisher: game.metadata.publisher ?? '',
            Players: game.metadata.players ?? '',
            Region: '',
            Genre: game.metadata.genre ?? '',
            GenreId: '0',
            Favorite: flag(game.metadata.favorite),
            Hidden: flag(game.metadata.hidden),
            Adult: false,
            ...(selected === null ? {} : { SelectedEmulator: { Emulator: selected.emulator, Core: selected.core } })
          }
        })
  }
}
