// The left margin of a small SVG chart whose value labels are drawn right-aligned inside it: wide
// enough for the longest label ("54.54%" in a 46-px margin lost its first digit on a phone).
// The charts' text is 13 px (styles.css .turns-svg text); a digit is about 7.2 px wide, so 8 px
// a character errs on the side of room.
const CHAR_PX = 8;

export function labelMargin(labels) {
  return 8 + CHAR_PX * Math.max(...labels.map((label) => String(label).length));
}
