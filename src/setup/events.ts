/** What the setup page hears after a button: the list changed (on `/ws/system`). */
import { Type } from 'typebox'
import { define, open, str } from '../core/events/definition.js'

export const setupEvents = [
  define('setup.changed', 'A setup button changed files of this machine (hook scripts, the MAME plugin, RetroArch\'s config, the start at boot, the read link, the config file): the setup list is worth fetching again.', open({
    Action: str('What was done: hooks, mame-plugin, retroarch, service, read-link, frontend.'),
    Undo: Type.Boolean({ description: 'true when it was undone.' }),
    Changed: Type.Array(Type.String(), { description: 'The files written or removed.' })
  }, 'setup'), { example: { Action: 'hooks', Undo: false, Changed: ['/userdata/system/scripts/game-start/cabinet-hub.sh'] } })
]
