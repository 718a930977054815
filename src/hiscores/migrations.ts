/** Tables of the hiscores module: player profiles, the chosen player, every game's table (with its fields), and each player's best per game. */
export const hiscoresMigrations = [
  `CREATE TABLE hiscore_players (
     name TEXT PRIMARY KEY COLLATE NOCASE,
     initials TEXT NOT NULL,
     aliases TEXT NOT NULL DEFAULT '[]',
     created_at TEXT NOT NULL
   );
   CREATE TABLE hiscore_current_player (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     name TEXT NOT NULL
   );
   CREATE TABLE hiscore_tables (
     system TEXT NOT NULL,
     rom TEXT NOT NULL,
     game TEXT NOT NULL,
     status TEXT NOT NULL,
     message TEXT,
     source_type TEXT NOT NULL,
     source_file TEXT,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (system, rom)
   );
   CREATE TABLE hiscore_entries (
     system TEXT NOT NULL,
     rom TEXT NOT NULL,
     rank INTEGER NOT NULL,
     name TEXT NOT NULL,
     score TEXT NOT NULL,
     value INTEGER,
     added_at TEXT NOT NULL,
     PRIMARY KEY (system, rom, rank),
     FOREIGN KEY (system, rom) REFERENCES hiscore_tables (system, rom) ON DELETE CASCADE
   );`,
  `CREATE TABLE hiscore_personal_bests (
     system TEXT NOT NULL,
     rom TEXT NOT NULL,
     player TEXT NOT NULL COLLATE NOCASE,
     value INTEGER NOT NULL,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (system, rom, player)
   );`,
  // The fields a definition shows beside its tables (TOP SCORE ...), as JSON [{ id, value }].
  `ALTER TABLE hiscore_tables ADD COLUMN fields TEXT NOT NULL DEFAULT '[]';`
]
