/**
 * Surface snapshots for the physical displays: marquee, topper, instruction card and screen.
 * Not a switchable manager: without the Local Media Manager the snapshots still name the selection.
 */
import type { Hub } from '../core/hub.js'
import type { HubApp, HubModule } from '../core/module.js'
import { sharedCatalog } from '../library/shared.js'
import { localMediaOf } from '../media/index.js'
import { SurfaceSnapshots } from './service.js'
import { selectionKey } from './snapshots.js'
import { surfaceEvents } from './events.js'

const services = new WeakMap<Hub, SurfaceSnapshots>()

/** The hub's surface snapshots; the control-panels module sets `instructionCardExtension` here. */
export function surfaceSnapshotsOf (hub: Hub): SurfaceSnapshots {
  let snapshots = services.get(hub)
  if (snapshots === undefined) services.set(hub, snapshots = new SurfaceSnapshots(hub, localMediaOf(hub), sharedCatalog(hub)))
  return snapshots
}

async function registerSurfaces (app: HubApp, hub: Hub): Promise<void> {
  const snapshots = surfaceSnapshotsOf(hub)
  snapshots.start()
  app.addHook('onClose', async () => { snapshots.stop() })
  hub.addStatusSection('surfaces', () => {
    const current = snapshots.current
    return { current: current === null ? null : { selectionKey: selectionKey(current), sequence: current.sequence, scope: current.scope } }
  })
}

export const surfacesModule: HubModule = { name: 'surfaces', manager: null, events: surfaceEvents, register: registerSurfaces }
