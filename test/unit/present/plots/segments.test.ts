import { describe, expect, it } from 'vitest';
import { segmentCrossesBox, segmentsOfPath, verticalAround } from '../../../../src/present/plots/segments.ts';
import { placeLabels, boxesIntersect } from '../../../../src/present/plots/labels.ts';

const box = { x: 5, y: 0, width: 10, height: 10 };

describe('segmentCrossesBox', () => {
  it('segmentCrossesBox(segment, box) is true for a line through the box (the @example), false beside it', () => {
    expect(segmentCrossesBox({ x1: 0, y1: 5, x2: 20, y2: 5 }, box)).toBe(true);
    expect(segmentCrossesBox({ x1: 10, y1: -5, x2: 10, y2: 3 }, box)).toBe(true); // ends inside
    expect(segmentCrossesBox({ x1: 0, y1: 12, x2: 20, y2: 12 }, box)).toBe(false);
    expect(segmentCrossesBox({ x1: 0, y1: 0, x2: 4, y2: 20 }, box)).toBe(false); // left of it
    expect(segmentCrossesBox({ x1: 0, y1: 14, x2: 14, y2: 0 }, box)).toBe(true); // the diagonal cuts the corner
  });

  it('segmentCrossesBox(segment, box, margin) counts a line within margin px of the box, not one on the grown edge', () => {
    expect(segmentCrossesBox({ x1: 0, y1: 12, x2: 20, y2: 12 }, box, 1)).toBe(false); // the @example
    expect(segmentCrossesBox({ x1: 0, y1: 11, x2: 20, y2: 11 }, box, 1.5)).toBe(true);
    expect(segmentCrossesBox({ x1: 0, y1: 10, x2: 20, y2: 10 }, box)).toBe(false); // on the edge
  });
});

describe('segmentsOfPath', () => {
  it('segmentsOfPath(d) reads absolute M, L, H, V (the @example) and the relative v and h of the whiskers', () => {
    expect(segmentsOfPath('M0,0V5H10')).toEqual([{ x1: 0, y1: 0, x2: 0, y2: 5 }, { x1: 0, y1: 5, x2: 10, y2: 5 }]);
    expect(segmentsOfPath('M0,0L0,5L10,5')).toEqual([{ x1: 0, y1: 0, x2: 0, y2: 5 }, { x1: 0, y1: 5, x2: 10, y2: 5 }]);
    expect(segmentsOfPath('M10,5v6M10,8H20M20,5h3')).toEqual([
      { x1: 10, y1: 5, x2: 10, y2: 11 },
      { x1: 10, y1: 8, x2: 20, y2: 8 },
      { x1: 20, y1: 5, x2: 23, y2: 5 },
    ]);
  });

  it('segmentsOfPath(d) reads d3’s one-point path M x,y Z as a point, and throws on a curve', () => {
    expect(segmentsOfPath('M3,4Z')).toEqual([{ x1: 3, y1: 4, x2: 3, y2: 4 }]);
    expect(segmentsOfPath('')).toEqual([]);
    expect(() => segmentsOfPath('M0,0C1,1,2,2,3,3')).toThrow(SyntaxError);
  });
});

describe('verticalAround', () => {
  it('verticalAround(x, top, bottom, boxes, margin) cuts the line around each box it would cross (the @example)', () => {
    expect(verticalAround(10, 0, 100, [{ x: 0, y: 40, width: 30, height: 10 }], 2)).toEqual([[0, 38], [52, 100]]);
  });

  it('verticalAround keeps the whole line where no box is in its way, and merges overlapping cuts', () => {
    expect(verticalAround(50, 0, 100, [{ x: 0, y: 40, width: 30, height: 10 }])).toEqual([[0, 100]]);
    const boxes = [{ x: 0, y: 20, width: 30, height: 10 }, { x: 5, y: 25, width: 30, height: 10 }, { x: 0, y: 90, width: 30, height: 20 }];
    expect(verticalAround(10, 0, 100, boxes)).toEqual([[0, 20], [35, 90]]);
    expect(verticalAround(10, 0, 100, [{ x: 0, y: -5, width: 30, height: 110 }])).toEqual([]);
  });
});

describe('placeLabels with lines', () => {
  const bounds = { x: 0, y: 0, width: 400, height: 300 };

  it('placeLabels(requests, bounds, { lines }) moves a label off a line through its preferred spot', () => {
    const request = { id: 'a', text: 'a label', anchorX: 100, anchorY: 150 };
    const [free] = placeLabels([request], bounds);
    // A horizontal line through the middle of the preferred box.
    const line = { x1: 0, y1: free.box.y + free.box.height / 2, x2: 400, y2: free.box.y + free.box.height / 2 };
    const [moved] = placeLabels([request], bounds, { lines: [line] });
    expect(segmentCrossesBox(line, free.box)).toBe(true);
    expect(segmentCrossesBox(line, moved.box)).toBe(false);
    expect(moved.nudged).toBe(true);
  });

  it('placeLabels gives a nudged label a leader that ends on its box’s edge, and keeps other labels off it', () => {
    const line = { x1: 0, y1: 140, x2: 400, y2: 140 };
    const labels = placeLabels(
      [
        { id: 'a', text: 'first label', anchorX: 100, anchorY: 150 },
        { id: 'b', text: 'second label', anchorX: 104, anchorY: 152 },
      ],
      bounds,
      { lines: [line] },
    );
    expect(boxesIntersect(labels[0].box, labels[1].box)).toBe(false);
    for (const l of labels) {
      expect(segmentCrossesBox(line, l.box)).toBe(false);
      if (!l.leader) continue;
      expect([l.leader.x1, l.leader.y1]).toEqual([l.id === 'a' ? 100 : 104, l.id === 'a' ? 150 : 152]);
      const { x, y, width, height } = l.box;
      const onEdge = (l.leader.x2 === x || l.leader.x2 === x + width || l.leader.y2 === y || l.leader.y2 === y + height) && l.leader.x2 >= x && l.leader.x2 <= x + width && l.leader.y2 >= y && l.leader.y2 <= y + height;
      expect(onEdge).toBe(true);
      for (const other of labels) if (other !== l) expect(segmentCrossesBox(l.leader, other.box)).toBe(false);
    }
  });
});
