/**
 * What the demo frontend tree holds: four systems (one arcade) and seventeen well-known games with
 * their real credits. Descriptions are our own short summaries.
 */

export interface DemoGame {
  readonly file: string
  readonly name: string
  readonly desc: string
  readonly developer: string
  readonly publisher: string
  readonly genre: string
  readonly players: string
  /** ES rating: a 0..1 ratio. */
  readonly rating: string
  /** ES date: `YYYYMMDDT000000`. */
  readonly releasedate: string
}

export interface DemoSystem {
  readonly name: string
  readonly fullname: string
  readonly manufacturer: string
  readonly release: string
  readonly hardware: string
  readonly extensions: readonly string[]
  readonly emulator: string
  readonly core: string
  /** Brand colour used for the generated logo and media. */
  readonly colour: readonly [number, number, number]
  /** false: the store has no system marquee or fanart, as for most systems on a real cabinet, so its system surfaces show the ES theme's logo and background. */
  readonly systemArtInStore: boolean
  readonly games: readonly DemoGame[]
}

export const demoSystems: readonly DemoSystem[] = [
  {
    name: 'mame',
    fullname: 'Multiple Arcade Machine Emulator',
    manufacturer: 'Arcade',
    release: '1997',
    hardware: 'arcade',
    extensions: ['.zip', '.7z'],
    emulator: 'libretro',
    core: 'mame',
    colour: [200, 40, 40],
    systemArtInStore: true,
    games: [
      { file: '1943.zip', name: '1943: The Battle of Midway', desc: 'A vertical shoot\'em up over the Pacific: pilot a P-38 through waves of fighters and battleships, with an energy bar instead of lives.', developer: 'Capcom', publisher: 'Capcom', genre: 'Shooter / Vertical', players: '1-2', rating: '0.8', releasedate: '19870601T000000' },
      { file: 'dkong.zip', name: 'Donkey Kong', desc: 'Jumpman climbs girders and ladders, leaping over barrels, to rescue Pauline from a giant ape.', developer: 'Nintendo', publisher: 'Nintendo', genre: 'Platform', players: '1-2', rating: '0.8', releasedate: '19810709T000000' },
      { file: 'galaga.zip', name: 'Galaga', desc: 'Fixed shooter where insect-like aliens swoop in formation; let one capture your fighter, then free it to fire double shots.', developer: 'Namco', publisher: 'Namco', genre: 'Shooter', players: '1-2', rating: '0.9', releasedate: '19810901T000000' },
      { file: 'pacman.zip', name: 'Pac-Man', desc: 'Eat every dot of the maze while four ghosts give chase; power pellets turn the tables for a few seconds.', developer: 'Namco', publisher: 'Midway', genre: 'Maze', players: '1-2', rating: '0.9', releasedate: '19801010T000000' },
      { file: 'sf2.zip', name: 'Street Fighter II: The World Warrior', desc: 'One-on-one fighting with eight world warriors, special moves on joystick motions and six-button controls.', developer: 'Capcom', publisher: 'Capcom', genre: 'Fighting', players: '1-2', rating: '0.9', releasedate: '19910206T000000' }
    ]
  },
  {
    name: 'snes',
    fullname: 'Super Nintendo Entertainment System',
    manufacturer: 'Nintendo',
    release: '1990',
    hardware: 'console',
    extensions: ['.sfc', '.smc', '.zip'],
    emulator: 'libretro',
    core: 'snes9x',
    colour: [90, 70, 160],
    systemArtInStore: true,
    games: [
      { file: 'F-Zero (USA).sfc', name: 'F-Zero', desc: 'Futuristic hover racing at breakneck speed around Mode 7 tracks, managing energy against the rest of the field.', developer: 'Nintendo EAD', publisher: 'Nintendo', genre: 'Racing', players: '1', rating: '0.8', releasedate: '19901121T000000' },
      { file: 'Legend of Zelda, The - A Link to the Past (USA).sfc', name: 'The Legend of Zelda: A Link to the Past', desc: 'Link travels between the Light and Dark Worlds of Hyrule, clearing dungeons to stop the wizard Agahnim.', developer: 'Nintendo EAD', publisher: 'Nintendo', genre: 'Action-Adventure', players: '1', rating: '1', releasedate: '19911121T000000' },
      { file: 'Super Mario World (USA).sfc', name: 'Super Mario World', desc: 'Mario and Yoshi cross Dinosaur Land through secret exits and switch palaces to rescue the princess from Bowser.', developer: 'Nintendo EAD', publisher: 'Nintendo', genre: 'Platform', players: '1-2', rating: '1', releasedate: '19901121T000000' },
      { file: 'Super Metroid (USA).sfc', name: 'Super Metroid', desc: 'Samus Aran returns to planet Zebes to recover the last Metroid, exploring a vast interconnected world.', developer: 'Nintendo R&D1', publisher: 'Nintendo', genre: 'Action-Adventure', players: '1', rating: '1', releasedate: '19940319T000000' }
    ]
  },
  {
    name: 'megadrive',
    fullname: 'Sega Mega Drive',
    manufacturer: 'Sega',
    release: '1988',
    hardware: 'console',
    extensions: ['.md', '.gen', '.bin', '.zip'],
    emulator: 'libretro',
    core: 'genesis_plus_gx',
    colour: [30, 90, 200],
    systemArtInStore: true,
    games: [
      { file: 'Gunstar Heroes (USA).md', name: 'Gunstar Heroes', desc: 'Run-and-gun action with combinable weapons and bosses that fill the screen, for one or two players.', developer: 'Treasure', publisher: 'Sega', genre: 'Shooter / Run and gun', players: '1-2', rating: '0.9', releasedate: '19930909T000000' },
      { file: 'Sonic The Hedgehog (USA, Europe).md', name: 'Sonic The Hedgehog', desc: 'A speedy blue hedgehog races through loops and springs collecting rings to stop Dr. Robotnik.', developer: 'Sonic Team', publisher: 'Sega', genre: 'Platform', players: '1', rating: '0.9', releasedate: '19910623T000000' },
      { file: 'Streets of Rage 2 (USA).md', name: 'Streets of Rage 2', desc: 'Side-scrolling beat\'em up: four fighters clean up the city to rescue their kidnapped friend from Mr. X.', developer: 'Ancient', publisher: 'Sega', genre: 'Beat\'em up', players: '1-2', rating: '0.9', releasedate: '19921220T000000' }
    ]
  },
  {
    name: 'nes',
    fullname: 'Nintendo Entertainment System',
    manufacturer: 'Nintendo',
    release: '1985',
    hardware: 'console',
    extensions: ['.nes', '.zip'],
    emulator: 'libretro',
    core: 'nestopia',
    colour: [150, 150, 150],
    systemArtInStore: false,
    games: [
      { file: 'Mega Man 2 (USA).nes', name: 'Mega Man 2', desc: 'Defeat eight Robot Masters in any order, taking each one\'s weapon, before storming Dr. Wily\'s castle.', developer: 'Capcom', publisher: 'Capcom', genre: 'Platform / Shooter', players: '1', rating: '0.9', releasedate: '19881224T000000' },
      { file: 'Metroid (USA).nes', name: 'Metroid', desc: 'Bounty hunter Samus Aran explores the caverns of Zebes, gaining abilities that open new paths.', developer: 'Nintendo R&D1', publisher: 'Nintendo', genre: 'Action-Adventure', players: '1', rating: '0.8', releasedate: '19860806T000000' },
      { file: 'Super Mario Bros. (World).nes', name: 'Super Mario Bros.', desc: 'Run and jump through the Mushroom Kingdom\'s eight worlds to save the princess from Bowser.', developer: 'Nintendo R&D4', publisher: 'Nintendo', genre: 'Platform', players: '1-2', rating: '1', releasedate: '19850913T000000' },
      // A shell character and no space: ES's hook command line does not parse, so no hook runs for it.
      { file: 'Tetris(USA).nes', name: 'Tetris', desc: 'Falling tetrominoes to fit into complete lines before the well fills up; the pace rises with every level.', developer: 'Nintendo R&D1', publisher: 'Nintendo', genre: 'Puzzle', players: '1', rating: '0.8', releasedate: '19891101T000000' },
      { file: 'Legend of Zelda, The (USA).nes', name: 'The Legend of Zelda', desc: 'Link searches Hyrule\'s overworld and nine dungeons for the pieces of the Triforce of Wisdom.', developer: 'Nintendo R&D4', publisher: 'Nintendo', genre: 'Action-Adventure', players: '1', rating: '0.9', releasedate: '19860221T000000' }
    ]
  }
]

/** Every game of the demo tree: its system, rom file and gamelist name. */
export function demoGames (): Array<{ readonly system: string, readonly file: string, readonly name: string }> {
  return demoSystems.flatMap((system) => system.games.map((game) => ({ system: system.name, file: game.file, name: game.name })))
}
