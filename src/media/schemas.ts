import { Type } from 'typebox'

export const ReindexResponse = Type.Object({
  status: Type.Literal('reindexing'),
  files: Type.Integer({ description: 'Files in the index before the rescan.' })
}, { description: 'The rescan started; media.index.updated on /ws/media reports the result.', examples: [{ status: 'reindexing', files: 1342 }] })

export const MediaPathParams = Type.Object({
  '*': Type.String({ description: 'Canonical media path, for example systems/arcade/games/1943/artwork/marquee/marquee.png.' })
})

export const MediaFileResponse = Type.Unknown({ description: 'The file bytes (200), a byte range (206), or nothing (304, HEAD), with the file\'s content type.' })
