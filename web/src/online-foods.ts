/**
 * Open Food Facts through this server (API.md §Foods, "Online search"; §Scanner): whether the admin allows
 * it, a search by words, and keeping a product picked as a food of this server (as a barcode hit is), so
 * the next search finds it offline. Each needs the server; a lost connection is `Offline`.
 */
import type { Body } from "./api-data";
import { client, ok } from "./api";

/** Whether this server may ask Open Food Facts (the admin's online_lookup). */
export const onlineAllowed = () => ok(client.GET("/api/v1/foods/online/allowed"));

/** Products whose name and brand hold the words. */
export const searchOnline = (q: string) => ok(client.GET("/api/v1/foods/online", { params: { query: { q } } }));

/** The food of a barcode: this server's, the imported dump's, or (`online`) Open Food Facts', kept here. */
export const lookUpBarcode = (body: Body<"scanBarcode">) => ok(client.POST("/api/v1/scanner/barcode", { body }));
