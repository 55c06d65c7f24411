-- Made by make_schema_fixtures.py: a records database of schema 5.
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (5);
CREATE TABLE courses (
         course TEXT PRIMARY KEY, level TEXT NOT NULL, race TEXT NOT NULL,
         players BIGINT NOT NULL, best_us BIGINT NOT NULL, first_run BIGINT NOT NULL);
       CREATE INDEX courses_by_players ON courses (players DESC, course);
       CREATE TABLE bests (
         course TEXT NOT NULL REFERENCES courses (course), player TEXT NOT NULL,
         time_us BIGINT NOT NULL, splits TEXT NOT NULL, finished_at BIGINT NOT NULL,
         server TEXT NOT NULL, finishes BIGINT NOT NULL, record BYTEA NOT NULL,
         PRIMARY KEY (course, player));
       CREATE INDEX bests_board ON bests (course, time_us, finished_at);
ALTER TABLE bests ADD COLUMN ghost BYTEA NOT NULL DEFAULT ''::bytea;
CREATE TABLE bans (
         kind TEXT NOT NULL, ban_key TEXT NOT NULL, ends_at BIGINT NOT NULL, entry TEXT NOT NULL,
         PRIMARY KEY (kind, ban_key));
CREATE TABLE name_owners (
         name_key TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, name TEXT NOT NULL,
         since BIGINT NOT NULL);
CREATE INDEX bests_keyset ON bests (course, time_us, finished_at, player);
       DROP INDEX bests_board;
INSERT INTO courses VALUES ('00c0ffee00c0ffee', 'race.tmj', 'Canyon', 2, 41250000, 1796000000);
INSERT INTO bests (course, player, time_us, splits, finished_at, server, finishes, record, ghost) VALUES ('00c0ffee00c0ffee', 'ada', 41250000, '12000000,25000000', 1796000100, 'fixture', 3, '\x434f594f5445524e'::bytea, '\x67686f7374'::bytea);
INSERT INTO bests (course, player, time_us, splits, finished_at, server, finishes, record, ghost) VALUES ('00c0ffee00c0ffee', 'wile', 43100000, '12000000,25000000', 1796000200, 'fixture', 3, '\x434f594f5445524e'::bytea, '\x67686f7374'::bytea);
INSERT INTO bans VALUES ('key', '4b3b951cee9f3b7d409056f08907fb2c', 0, '{"id": 1, "kind": "key", "value": "4b3b951cee9f3b7d409056f08907fb2c", "name": "wile", "address": "203.0.113.7", "reason": "cheating", "by": "admin", "since": 1796000300, "until": 0}');
INSERT INTO name_owners VALUES ('ada', '4b3b951cee9f3b7d409056f08907fb2c', 'ada', 1796000100);
