import { Type } from 'typebox'

export const CollectionBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64, pattern: '^(?!\\.{1,2}$)[^/\\\\:*?"<>|\\u0000-\\u001f]+$', description: 'Collection name as the frontend shows it; becomes the file name custom-<name>.cfg, so no path separators or characters file systems refuse.' }),
  from: Type.Union([Type.Literal('favorites'), Type.Literal('hiscores-me')], { description: '`favorites`: the games marked favorite in the gamelists; `hiscores-me`: the games on whose hiscore table the player at the cabinet stands.' })
}, { additionalProperties: false })

export const CollectionResponse = Type.Object({
  name: Type.String(),
  from: Type.String(),
  file: Type.String({ description: 'The collection file written.' }),
  games: Type.Integer({ description: 'Rom paths listed.' })
})
