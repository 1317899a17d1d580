/** A record the file sent that cannot be imported, and why; the reading goes on with the next one. */
export interface RejectedRecord {
  kind: 'rejected';
  line: number;
  /** The App's id, the item's part number, when the record has one. */
  id?: string;
  reason: string;
}
