/**
 * The dispatch panel's cards: programmed, in the yard, attended and tonnes (not for the
 * Portaria), missing and dropouts; the three lists open their modal.
 */
import { Card, Col, Row, Statistic } from 'antd';
import type { Totals, YardListKind } from '../api';
import { tonnesCard, type PanelAbilities } from '../model';
import { yardMsg } from '../texts';

export function PanelCards({
  can,
  totals: t,
  inYard,
  onList,
}: {
  can: PanelAbilities;
  totals: Totals | undefined;
  /** The checked-in vehicles. */
  inYard: number;
  onList: (kind: YardListKind) => void;
}) {
  const cards: { key: string; title: string; value: string | number; list?: YardListKind }[] = [
    { key: 'programmed', title: yardMsg.cards.programmed, value: t?.totalsToday ?? 0 },
    { key: 'yard', title: yardMsg.cards.yard, value: inYard },
    ...(can.seesTonnes
      ? [
          { key: 'attended', title: yardMsg.cards.attended, value: t?.attended ?? 0, list: 'attendeds' as const },
          { key: 'tonnes', title: yardMsg.cards.tonnes, value: tonnesCard(t?.totalTransportedToday) },
        ]
      : []),
    { key: 'missing', title: yardMsg.cards.missing, value: t?.missing ?? 0, list: 'missings' },
    { key: 'dropouts', title: yardMsg.cards.dropouts, value: t?.dropouts ?? 0, list: 'drops' },
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginTop: 16 }}>
      {cards.map((c) => (
        <Col key={c.key} xs={12} md={8} lg={4}>
          <Card
            size="small"
            hoverable={!!c.list}
            onClick={c.list ? () => onList(c.list!) : undefined}
            data-testid={`card-${c.key}`}
          >
            <Statistic title={c.title} value={c.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
