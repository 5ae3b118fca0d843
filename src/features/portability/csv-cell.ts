/** A CSV cell, safe to open in a spreadsheet: in lib/ since the nutrient report (targets/) writes CSV too. */
export { csvCell } from "../../lib/csv";
