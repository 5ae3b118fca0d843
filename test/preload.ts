/**
 * Loaded before the test files (bunfig.toml). After the last test of this process: the PostgreSQL
 * databases of servers started with startProcess (MORSEL_TEST_DATABASE=postgres) are dropped.
 */
import { afterAll } from "bun:test";
import { afterLastTest } from "./servers";

afterAll(afterLastTest);
