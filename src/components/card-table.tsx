import "@mantine/core/styles/Table.css";
import { Table, type TableProps } from "@mantine/core";
import classes from "./card-table.module.css";

/**
 * A Mantine table that stacks its rows as cards where its column is narrower than 720 px
 * (phones; 880 px with `cards="wide"`), so every value and action stays on screen without
 * sideways scrolling. Give each `Table.Td` a `data-label` with its column's name; a cell without
 * one (the row's title, its actions) spans the card. Everything else is a plain `Table`.
 */
export function CardTable({
  className,
  cards,
  ...props
}: TableProps & {
  /** "wide": the table has too many columns for a tablet and stacks below 880 px of column. */
  cards?: "wide";
}) {
  return (
    <div className={classes.wrap} data-cards={cards}>
      <Table {...props} className={[classes.table, className].filter(Boolean).join(" ")} />
    </div>
  );
}
