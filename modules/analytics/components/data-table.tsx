import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui";

/** A chart's figures as a plain table: the accessible alternative of every chart. */
export function DataTable({
  caption,
  header,
  rows,
  testId,
}: {
  caption: string;
  header: string[];
  rows: React.ReactNode[][];
  testId?: string;
}) {
  return (
    <Table caption={caption} data-testid={testId}>
      <TableHead>
        <TableRow>
          {header.map((h) => (
            <TableHeaderCell key={h}>{h}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <TableHeaderCell
                  key={j}
                  scope="row"
                  className="text-sm normal-case tracking-normal text-fg"
                >
                  {cell}
                </TableHeaderCell>
              ) : (
                <TableCell key={j} className="tabular-nums">
                  {cell}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
