import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { FirstLook } from '../../src/media/first-look.js'
import type { MediaFile } from '../../src/media/scan.js'

const found = (file: string, extra: Partial<MediaFile> = {}): MediaFile => ({ file, system: 'snes', slug: 'f_zero', kind: 'image', role: null, origin: 'emulationstation', rank: 0, size: 0, mtimeMs: 0, ...extra })

describe('first look', () => {
  it('gives back every file as it was found, Windows paths and links\' sizes and times included', async () => {
    const look = new FirstLook()
    const files = [
      found('/roms/snes/images/f-zero.png'),
      found('C:\\RetroBat\\roms\\snes\\images\\f-zero-marquee.png', { kind: 'marquee' }),
      found('/media/systems/snes/games/f_zero/artwork/ic/player2/ic-2.jpg', { kind: 'ic-2', role: 'player2', origin: 'local', rank: 1, size: 1234, mtimeMs: 1732868866123.457 }),
      found('relative.png', { slug: '', kind: 'wheel', origin: 'emulationstation-theme', rank: 3 })
    ]
    for (const file of files) look.push(file)
    assert.deepEqual(await look.seal(), { files: 4, assets: 4, entries: 2 })
    assert.deepEqual(look.files('snes', 'f_zero'), files.slice(0, 3))
    assert.deepEqual(look.files('snes', ''), files.slice(3))
    assert.deepEqual(look.files('snes', 'metroid'), [])
  })

  it('counts a path listed twice as its last listing, in another entry or under another kind', async () => {
    const look = new FirstLook()
    look.push(found('/roms/snes/images/shared.png'))
    look.push(found('/roms/snes/images/shared.png', { slug: 'metroid' }))
    look.push(found('/roms/snes/images/metroid.png', { slug: 'metroid', kind: 'image' }))
    look.push(found('/roms/snes/images/metroid.png', { slug: 'metroid', kind: 'thumbnail' }))
    assert.deepEqual(await look.seal(), { files: 2, assets: 2, entries: 1 })
    assert.deepEqual(look.files('snes', 'f_zero'), [])
    assert.deepEqual(look.files('snes', 'metroid').map((f) => `${f.kind} ${f.file}`), ['image /roms/snes/images/shared.png', 'thumbnail /roms/snes/images/metroid.png'])
    assert.throws(() => { look.push(found('/late.png')) }, /sealed/)
  })

  it('tells apart two paths that share a hash', async () => {
    const look = new FirstLook()
    // The two paths hash alike (see hashOf); each keeps its own entry, and a path listed again still moves.
    look.push(found('/roms/snes/images/11059.png'))
    look.push(found('/roms/snes/images/41276.png', { slug: 'metroid' }))
    look.push(found('/roms/snes/images/11059.png', { slug: 'zelda' }))
    assert.deepEqual(await look.seal(), { files: 2, assets: 2, entries: 2 })
    assert.deepEqual(look.files('snes', 'metroid').map((f) => f.file), ['/roms/snes/images/41276.png'])
    assert.deepEqual(look.files('snes', 'zelda').map((f) => f.file), ['/roms/snes/images/11059.png'])
  })
})
