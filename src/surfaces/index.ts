/**
 * Surface snapshots for the physical displays: marquee, topper, instruction card and screen.
 * Not a switchable manager: without the Local Media Manager the snapshots still name the selection.
 */
import { Type } from 'typebox'
import { defineModule } from '../core/module.js'
import { option } from '../core/options.js'
import { catalogService } from '../library/index.js'
import { onScreenService } from '../frontend/index.js'
import { localMediaService, mediaFactsService } from '../media/index.js'
import { CardFieldsRegistry, instructionCardFieldsService } from './card-fields.js'
import { surfaceEvents } from './events.js'
import { surfaceFactsService, type SurfaceFacts } from './facts.js'
import { SurfaceSnapshots } from './service.js'
import { selectionKey } from './snapshots.js'

export const surfacesModule = defineModule({
  name: 'surfaces',
  gate: null,
  streams: [
    { name: 'marquee', description: 'Marquee surface snapshots.', prefixes: ['marquee.'], extraTypes: [], aliases: [] },
    { name: 'topper', description: 'Topper surface snapshots.', prefixes: ['topper.'], extraTypes: [], aliases: [] },
    { name: 'instruction-card', description: 'Instruction-card surface snapshots with controls and cards.', prefixes: ['instruction-card.'], extraTypes: [], aliases: ['instructioncard', 'instruction_card', 'instructions'] },
    { name: 'screen', description: 'Screen surface snapshots (title screen and in-game capture).', prefixes: ['screen.'], extraTypes: [], aliases: [] }
  ],
  options: {
    language: option({ kind: 'string', schema: Type.String({ pattern: '^[a-z]{2,3}$' }), default: 'en', flag: 'language', description: 'Language of the texts on the topper and instruction card (texts/metadata-<lang>.json), falling back to the gamelist.' })
  },
  events: surfaceEvents,
  provides: [surfaceFactsService, instructionCardFieldsService],
  needs: [catalogService, localMediaService, mediaFactsService, onScreenService],
  register: async (_scope, context) => {
    const { deps } = context
    const facts = context.factChannel<SurfaceFacts>()
    context.provide(surfaceFactsService, facts)
    const cardFields = new CardFieldsRegistry()
    context.provide(instructionCardFieldsService, cardFields)
    const snapshots = new SurfaceSnapshots({
      facts,
      publisher: context.publisher,
      onScreen: deps.onScreen,
      mediaFacts: deps.mediaFacts,
      logger: context.logger,
      now: context.now,
      files: context.files,
      media: deps.localMedia,
      catalog: deps.catalog,
      language: context.options.language,
      instructionCardExtension: cardFields.extension
    })
    snapshots.start()
    context.onStop(() => { snapshots.stop() })
    context.addStatusSection('surfaces', () => {
      const current = snapshots.current
      return { current: current === null ? null : { selectionKey: selectionKey(current), sequence: current.sequence, scope: current.scope } }
    })
  }
})

export { instructionCardFieldsService } from './card-fields.js'
export { surfaceFactsService, type SurfaceFacts } from './facts.js'
