/** Forward-only schema steps; index + 1 is the `user_version` after the step. Never edit a shipped step: add one. */
export const migrations: readonly string[] = [
  `CREATE TABLE event_journal (
     id INTEGER PRIMARY KEY,
     type TEXT NOT NULL,
     ts TEXT NOT NULL,
     envelope TEXT NOT NULL
   );
   CREATE INDEX event_journal_type ON event_journal (type);`,
  `CREATE TABLE media_files (
     file TEXT PRIMARY KEY,
     system TEXT NOT NULL,
     slug TEXT NOT NULL,
     kind TEXT NOT NULL,
     role TEXT,
     origin TEXT NOT NULL,
     rank INTEGER NOT NULL,
     size INTEGER NOT NULL,
     mtime_ms REAL NOT NULL
   );`
]
