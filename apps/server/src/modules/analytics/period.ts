/** A period the figures cover: [from, to). */
export interface Period {
  from: Date;
  to: Date;
}
