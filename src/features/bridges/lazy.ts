/**
 * The health bridges' service, imported on the first health import instead of at start: the readers of
 * Apple Health and Google Fit files and the writers behind them are code no other request needs, and a
 * server that loads them at start starts later (bench:binary). import() keeps the module once loaded.
 */
import type * as Service from "./service";

const service = () => import("./service");

export const importHealthFile = async (...a: Parameters<typeof Service.importHealthFile>) =>
  (await service()).importHealthFile(...a);
export const receiveAutoExport = async (...a: Parameters<typeof Service.receiveAutoExport>) =>
  (await service()).receiveAutoExport(...a);
