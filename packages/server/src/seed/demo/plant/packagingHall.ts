/** Packaging Hall (Hall C, Trafford Park): two fillers, two cappers and a palletizer. */
import type { ProjectPlant } from './types';

const FILLERS = 'P1 filler gateway';
const CAPPERS = 'P1 capper gateway';
const PALLETIZER = 'PZ-301 palletizer PLC';

export const PACKAGING_HALL: ProjectPlant = {
  project: 'Packaging Hall',
  origin: { latitude: 53.4658, longitude: -2.316 },
  gateways: [
    {
      name: FILLERS,
      description: 'Edge gateway on the filler control cabinet, publishing to the plant broker.',
      protocol: 'mqtt',
      rate: 6,
      batch: 3,
      firmware: '3.2.0',
    },
    {
      name: CAPPERS,
      description: 'Capper controllers reporting over CoAP.',
      protocol: 'coap',
      rate: 6,
      batch: 6,
      firmware: '1.8.2',
    },
    {
      name: PALLETIZER,
      description: 'Palletizer PLC posting over HTTPS.',
      protocol: 'http',
      rate: 2,
      batch: 2,
      firmware: '2.1.4',
    },
  ],
  tree: [
    {
      kind: 'asset',
      name: 'Filling line P1',
      type: 'Packaging line',
      description: '500 g jars: filling, capping and case packing, 240 jars a minute.',
      at: [52, 105],
      children: [
        {
          kind: 'asset',
          name: 'Filler F-101',
          type: 'Filler',
          at: [35, 112],
          children: [
            {
              kind: 'sensor',
              tag: 'FL-101',
              name: 'F-101 weighing cells',
              type: 'Filler weighing cell',
              at: [35, 117],
              gateway: FILLERS,
            },
          ],
        },
        {
          kind: 'asset',
          name: 'Filler F-102',
          type: 'Filler',
          at: [35, 91],
          children: [
            {
              kind: 'sensor',
              tag: 'FL-102',
              name: 'F-102 weighing cells',
              type: 'Filler weighing cell',
              at: [35, 96],
              gateway: FILLERS,
              tweaks: { fill_weight: { base: 503.5 } },
            },
          ],
        },
        {
          kind: 'asset',
          name: 'Capper C-201',
          type: 'Capper',
          at: [77, 112],
          children: [
            {
              kind: 'sensor',
              tag: 'CP-201',
              name: 'C-201 capping head',
              type: 'Capping head monitor',
              at: [77, 117],
              gateway: CAPPERS,
            },
          ],
        },
        {
          kind: 'asset',
          name: 'Capper C-202',
          type: 'Capper',
          at: [77, 91],
          children: [
            {
              kind: 'sensor',
              tag: 'CP-202',
              name: 'C-202 capping head',
              type: 'Capping head monitor',
              at: [77, 96],
              gateway: CAPPERS,
              tweaks: { cap_torque: { base: 2.25 } },
            },
          ],
        },
      ],
    },
    {
      kind: 'asset',
      name: 'Palletizer PZ-301',
      type: 'Palletizer',
      description: 'Layer palletizer with vacuum gripper, 4 cases a layer.',
      at: [158, 98],
      children: [
        {
          kind: 'sensor',
          tag: 'PZ-301',
          name: 'PZ-301 drive and gripper',
          type: 'Palletizer drive',
          at: [158, 103],
          gateway: PALLETIZER,
        },
      ],
    },
    {
      kind: 'sensor',
      tag: 'AMB-C',
      name: 'Hall C ambient',
      type: 'Ambient sensor',
      at: [105, 140],
      gateway: PALLETIZER,
      tweaks: { temperature: { base: 17 } },
    },
  ],
  dashboards: [
    {
      name: 'Packaging Hall: fillers and cappers',
      description: 'Fill weight against the 500 g label, product flow and capping torque, live.',
      widgets: [
        {
          variant: 'gauge.basic',
          title: 'F-101 fill weight',
          series: ['FL-101.fill_weight'],
          layout: { x: 0, y: 0, w: 3, h: 8 },
        },
        {
          variant: 'gauge.basic',
          title: 'F-102 fill weight',
          series: ['FL-102.fill_weight'],
          layout: { x: 3, y: 0, w: 3, h: 8 },
        },
        {
          variant: 'kpi.basic',
          title: 'C-201 speed',
          series: ['CP-201.speed'],
          layout: { x: 6, y: 0, w: 3, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'C-202 speed',
          series: ['CP-202.speed'],
          layout: { x: 9, y: 0, w: 3, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'F-101 product temperature',
          series: ['FL-101.product_temperature'],
          layout: { x: 6, y: 4, w: 3, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'F-102 product temperature',
          series: ['FL-102.product_temperature'],
          layout: { x: 9, y: 4, w: 3, h: 4 },
        },
        {
          variant: 'line.smooth',
          title: 'Fill weight',
          series: ['FL-101.fill_weight', 'FL-102.fill_weight'],
          layout: { x: 0, y: 8, w: 6, h: 9 },
        },
        {
          variant: 'line.smooth',
          title: 'Capping torque',
          series: ['CP-201.cap_torque', 'CP-202.cap_torque'],
          layout: { x: 6, y: 8, w: 6, h: 9 },
        },
      ],
    },
    {
      name: 'Packaging Hall: palletizer and hall',
      description: 'Palletizer layer rate, hoist current and gripper vacuum, and the hall climate.',
      widgets: [
        {
          variant: 'kpi.basic',
          title: 'Layer rate',
          series: ['PZ-301.layer_rate'],
          layout: { x: 0, y: 0, w: 4, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'Hall C temperature',
          series: ['AMB-C.temperature'],
          layout: { x: 4, y: 0, w: 4, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'Hall C humidity',
          series: ['AMB-C.humidity'],
          layout: { x: 8, y: 0, w: 4, h: 4 },
        },
        {
          variant: 'gauge.basic',
          title: 'Gripper vacuum',
          series: ['PZ-301.vacuum'],
          layout: { x: 0, y: 4, w: 4, h: 9 },
        },
        {
          variant: 'line.smooth',
          title: 'Hoist motor current',
          series: ['PZ-301.motor_current'],
          layout: { x: 4, y: 4, w: 8, h: 9 },
        },
      ],
    },
  ],
};
