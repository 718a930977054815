/**
 * The panel of the game on screen as a theme XML document (domain-notes §5.3): the resolution
 * (scope, layouts default and active), the files it came from, then every layout with each player's
 * joystick and buttons and the system buttons. Empty attributes are left out.
 */
import { XMLBuilder } from 'fast-xml-parser'
import type { PanelThemeSnapshot, ThemeButton } from '../panels/index.js'
import { xmlDeclaration } from './hiscore-xml.js'

const panelThemeSchema = 'cabinet-hub.panel.theme.v1'

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, indentBy: '\t', suppressEmptyNode: true })

/** `{ a: 'x', b: '' }` -> `{ '@a': 'x' }`. */
function attributes (values: Record<string, string | number | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== '').map(([key, value]) => [`@${key}`, String(value)]))
}

const button = (b: ThemeButton) => attributes({ id: b.id, slot: b.slot, player: b.player === 0 ? null : b.player, label: b.label, machineButton: b.machineButton, function: b.function, controller: b.controller, color: b.color })

export function panelThemeXml (panel: PanelThemeSnapshot): string {
  const sources = { [panel.scope]: panel.panelFile, ...(panel.corePanelFile === '' ? {} : { core: panel.corePanelFile }) }
  const document = {
    panel: {
      ...attributes({ schema: panelThemeSchema, scope: panel.scope, system: panel.systemId, rom: panel.rom, defaultLayout: panel.defaultLayoutId, activeLayout: panel.activeLayoutId, activeLayoutSource: panel.activeLayoutSource }),
      sources,
      layouts: {
        layout: panel.layouts.map((layout) => ({
          ...attributes({ id: layout.id, type: layout.type, panelButtons: layout.panelButtons, name: layout.name }),
          players: {
            player: layout.players.map((player) => ({
              ...attributes({ index: player.index }),
              ...(player.joystick === null ? {} : { joystick: attributes(player.joystick) }),
              buttons: { button: player.buttons.map(button) }
            }))
          },
          ...(layout.systemButtons.length === 0 ? {} : { systemButtons: { button: layout.systemButtons.map(button) } })
        }))
      }
    }
  }
  return `${xmlDeclaration}\n${builder.build(document) as string}`
}
