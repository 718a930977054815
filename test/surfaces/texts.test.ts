/**
 * A game's printed texts, read through the files port from a store held in memory: the configured
 * language's metadata file of the user store first, then the store's, else the gamelist's text.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gameTexts } from '../../src/surfaces/texts.js'
import { memoryFiles } from '../support/memory-files.js'

const gamelist = { path: './1943.zip', name: '1943', desc: 'From the gamelist', genre: 'Shooter', players: '2', image: './media/images/1943.png' }
const user = '/store/user/mame/1943'
const store = '/store/mame/1943'

describe('printed texts of a game', () => {
  it('takes the configured language from the first folder that has it, and lists every language found', async () => {
    const files = memoryFiles({
      [`${user}/texts/metadata-fr.json`]: JSON.stringify({ Description: 'Du magasin de l\'utilisateur', Genre: 'Tir' }),
      [`${store}/texts/metadata-fr.json`]: JSON.stringify({ description: 'Du magasin' }),
      [`${store}/texts/metadata-de.json`]: JSON.stringify({ description: 'Aus dem Laden' }),
      [`${store}/texts/notes.txt`]: 'not a metadata file'
    })
    const texts = await gameTexts(files, [user, store], 'fr', gamelist)
    assert.deepEqual([texts.Language, texts.Description, texts.Genre, texts.Players], ['fr', 'Du magasin de l\'utilisateur', 'Tir', '2'])
    assert.deepEqual(texts.Languages, ['de', 'fr'])
    assert.equal(texts.Fields.desc, 'Du magasin de l\'utilisateur')
    assert.ok(!('path' in texts.Fields) && !('image' in texts.Fields), 'no rom or media paths among the fields')
  })

  it('falls back to the gamelist without a file in the language, or with one that is not JSON', async () => {
    const files = memoryFiles({ [`${store}/texts/metadata-fr.json`]: '{ not json' })
    for (const language of ['fr', 'en']) {
      const texts = await gameTexts(files, [user, store], language, gamelist)
      assert.deepEqual([texts.Language, texts.Description, texts.Genre], ['gamelist', 'From the gamelist', 'Shooter'], language)
    }
  })
})
