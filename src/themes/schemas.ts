import { Type, type Static } from 'typebox'

const name = Type.String({ minLength: 1, maxLength: 64, pattern: '^(?!\\.{1,2}$)[^/\\\\:*?"<>|\\u0000-\\u001f]+$', description: 'Collection name as the frontend shows it; becomes the file name custom-<name>.cfg, so no path separators or characters file systems refuse.' })

/** One body per source, each with its own fields; `from` tells them apart. */
const sources = [
  Type.Object({ from: Type.Literal('favorites'), name }, { additionalProperties: false, description: 'The games marked favorite in the gamelists.' }),
  Type.Object({ from: Type.Literal('hiscores-me'), name }, { additionalProperties: false, description: 'The games on whose hiscore table the player at the cabinet stands.' }),
  Type.Object({
    from: Type.Literal('romset-filter'),
    name,
    systems: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, uniqueItems: true, description: 'Frontend system ids; default: every system with a gamelist.' })),
    romPattern: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'Rom file name pattern, any case: a glob (`Super Mario*`, `*.zip`) or a regular expression written `/.../flags` (`/^sf2/i`).' })),
    genre: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Part of the gamelist genre, any case (`shoot` keeps `Shooter`).' })),
    players: Type.Optional(Type.Integer({ minimum: 1, maximum: 16, description: 'A player count the game supports (gamelist `players`, `2` or `1-4`).' }))
  }, { additionalProperties: false, description: 'The games of the gamelists that match every criterion given.' })
] as const

export const collectionSources = sources.map((source) => source.properties.from.const)

export const CollectionBody = Type.Union([...sources], { description: '`from` chooses the source; each source has its own fields.' })
export type CollectionRequest = Static<typeof CollectionBody>
export type CollectionSource = CollectionRequest['from']

export const CollectionResponse = Type.Object({
  name: Type.String(),
  from: Type.String(),
  file: Type.String({ description: 'The collection file written.' }),
  games: Type.Integer({ description: 'Rom paths listed.' })
})

/** The response schema below is a string: its example goes beside it, in the XML media type of the route. */
export const panelXmlExample = `<?xml version="1.0" encoding="utf-8"?>
<panel schema="cabinet-hub.panel.theme.v1" scope="game" system="mame" rom="dkong" defaultLayout="1-Button" activeLayout="1-Button" activeLayoutSource="best-fit">
	<sources>
		<game>/data/resources/dynpanels/games/dkong.json</game>
	</sources>
	<layouts>
		<layout id="1-Button" type="1-Button" panelButtons="1">
			<players>
				<player index="1">
					<joystick type="joy4way" color="Red"/>
					<buttons>
						<button id="P1_SLOT1" slot="1" player="1" label="Jump" machineButton="BUTTON1" function="Jump" controller="b" color="Red"/>
					</buttons>
				</player>
			</players>
			<systemButtons>
				<button id="START" label="START" function="START" controller="start" color="White"/>
			</systemButtons>
		</layout>
	</layouts>
</panel>
`

export const PanelThemeXmlResponse = Type.String({ description: 'The theme XML document of the panel: `<panel schema="cabinet-hub.panel.theme.v1" scope system rom defaultLayout activeLayout activeLayoutSource>` with its sources and every layout, each player\'s joystick and buttons (id, slot, player, label, machineButton, function, controller, color) and the system buttons; empty attributes are left out.' })

export const PanelExportResponse = Type.Object({
  file: Type.String({ description: 'The file written: <themes>/.panels/<system>/<rom>.xml, or _system.xml for a system\'s panel.' }),
  system: Type.String(),
  rom: Type.String({ description: 'The rom stem, or `_system`.' }),
  layouts: Type.Integer({ description: 'Layouts written.' })
})
