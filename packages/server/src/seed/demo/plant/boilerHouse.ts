/**
 * Boiler House (utilities block, Trafford Park): two steam boilers, the feed-water pump skid and the
 * steam header. Pump P-101's drive-end bearing is worn: it runs rougher and hotter than P-102 from the
 * start (the demo's bearing alert fires within minutes) and its vibration and temperature creep up a
 * little every day from the day the demo was seeded, for alert rules and predictions to find.
 */
import type { ProjectPlant } from './types';

const BOILERS = 'Boiler control gateway';
const PUMPS = 'Pump skid gateway';
const HEADER = 'Steam header meters';

export const BOILER_HOUSE: ProjectPlant = {
  project: 'Boiler House',
  origin: { latitude: 53.4639, longitude: -2.3185 },
  gateways: [
    {
      name: BOILERS,
      description: 'Boiler control panel gateway, publishing to the plant broker.',
      protocol: 'mqtt',
      rate: 4,
      batch: 4,
      firmware: '3.2.0',
    },
    {
      name: PUMPS,
      description: 'Condition-monitoring node on the pump skid, reporting over CoAP.',
      protocol: 'coap',
      rate: 8,
      batch: 4,
      firmware: '1.8.2',
    },
    {
      name: HEADER,
      description: 'Flow computer on the steam header posting over HTTPS.',
      protocol: 'http',
      rate: 2,
      batch: 2,
      firmware: '4.3.0',
    },
  ],
  tree: [
    {
      kind: 'asset',
      name: 'Boiler B-1',
      type: 'Steam boiler',
      description: '6 t/h, natural gas, in service since 2014.',
      at: [40, 60],
      children: [
        {
          kind: 'sensor',
          tag: 'PT-101',
          name: 'B-1 steam drum',
          type: 'Steam drum monitor',
          at: [40, 66],
          gateway: BOILERS,
        },
        {
          kind: 'sensor',
          tag: 'AT-102',
          name: 'B-1 flue gas',
          type: 'Flue gas analyser',
          at: [44, 70],
          gateway: BOILERS,
        },
      ],
    },
    {
      kind: 'asset',
      name: 'Boiler B-2',
      type: 'Steam boiler',
      description: '6 t/h, natural gas, standby and peak load.',
      at: [100, 60],
      children: [
        {
          kind: 'sensor',
          tag: 'PT-201',
          name: 'B-2 steam drum',
          type: 'Steam drum monitor',
          at: [100, 66],
          gateway: BOILERS,
          tweaks: { pressure: { base: 9.8 } },
        },
        {
          kind: 'sensor',
          tag: 'AT-202',
          name: 'B-2 flue gas',
          type: 'Flue gas analyser',
          at: [104, 70],
          gateway: BOILERS,
          tweaks: { temperature: { base: 176 } },
        },
      ],
    },
    {
      kind: 'asset',
      name: 'Feed-water pump skid',
      type: 'Pump skid',
      at: [70, 20],
      children: [
        {
          kind: 'asset',
          name: 'Feed-water pump P-101',
          type: 'Centrifugal pump',
          description: 'Duty pump. Drive-end bearing due for inspection.',
          at: [60, 20],
          children: [
            {
              kind: 'sensor',
              tag: 'VT-101',
              name: 'P-101 bearing monitor',
              type: 'Bearing monitor',
              at: [60, 24],
              gateway: PUMPS,
              tweaks: {
                // Already rough (in ISO 10816 zone C, above 4.5 mm/s, most of the time) and wearing further.
                vibration: { base: 6.2, creepPerDay: 0.35 },
                bearing_temperature: { base: 58, creepPerDay: 1.6 },
              },
            },
            {
              kind: 'sensor',
              tag: 'FT-101',
              name: 'P-101 discharge flow',
              type: 'Flow meter',
              at: [64, 27],
              gateway: PUMPS,
            },
          ],
        },
        {
          kind: 'asset',
          name: 'Feed-water pump P-102',
          type: 'Centrifugal pump',
          description: 'Standby pump, run weekly.',
          at: [80, 20],
          children: [
            {
              kind: 'sensor',
              tag: 'VT-102',
              name: 'P-102 bearing monitor',
              type: 'Bearing monitor',
              at: [80, 24],
              gateway: PUMPS,
            },
            {
              kind: 'sensor',
              tag: 'FT-102',
              name: 'P-102 discharge flow',
              type: 'Flow meter',
              at: [84, 27],
              gateway: PUMPS,
              tweaks: { flow: { base: 16.8 } },
            },
          ],
        },
      ],
    },
    {
      kind: 'asset',
      name: 'Steam header',
      type: 'Steam header',
      description: '10 bar header feeding Hall A and Hall C.',
      at: [150, 50],
      children: [
        {
          kind: 'sensor',
          tag: 'PT-301',
          name: 'Header pressure',
          type: 'Pressure transmitter',
          at: [150, 55],
          gateway: HEADER,
        },
        {
          kind: 'sensor',
          tag: 'FT-301',
          name: 'Header steam flow',
          type: 'Steam flow meter',
          at: [156, 53],
          gateway: HEADER,
        },
      ],
    },
  ],
  dashboards: [
    {
      name: 'Boiler House: steam and combustion',
      description: 'Drum and header pressure, drum level, flue gas temperature and oxygen of both boilers.',
      widgets: [
        {
          variant: 'gauge.basic',
          title: 'B-1 drum pressure',
          series: ['PT-101.pressure'],
          layout: { x: 0, y: 0, w: 4, h: 8 },
        },
        {
          variant: 'gauge.basic',
          title: 'B-2 drum pressure',
          series: ['PT-201.pressure'],
          layout: { x: 4, y: 0, w: 4, h: 8 },
        },
        {
          variant: 'kpi.basic',
          title: 'Header steam flow',
          series: ['FT-301.steam_flow'],
          layout: { x: 8, y: 0, w: 4, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'Header pressure',
          series: ['PT-301.pressure'],
          layout: { x: 8, y: 4, w: 4, h: 4 },
        },
        {
          variant: 'line.smooth',
          title: 'Flue gas temperature',
          series: ['AT-102.temperature', 'AT-202.temperature'],
          layout: { x: 0, y: 8, w: 6, h: 9 },
        },
        {
          variant: 'area.basic',
          title: 'Drum level',
          series: ['PT-101.level', 'PT-201.level'],
          layout: { x: 6, y: 8, w: 6, h: 9 },
        },
        {
          variant: 'table.latest',
          title: 'Residual oxygen',
          series: ['AT-102.o2', 'AT-202.o2'],
          layout: { x: 0, y: 17, w: 12, h: 6 },
        },
      ],
    },
    {
      name: 'Boiler House: pump health',
      description: 'Bearing vibration and temperature of the feed-water pumps: P-101 is wearing.',
      widgets: [
        {
          variant: 'gauge.basic',
          title: 'P-101 vibration',
          series: ['VT-101.vibration'],
          layout: { x: 0, y: 0, w: 3, h: 8 },
        },
        {
          variant: 'gauge.basic',
          title: 'P-102 vibration',
          series: ['VT-102.vibration'],
          layout: { x: 3, y: 0, w: 3, h: 8 },
        },
        {
          variant: 'kpi.basic',
          title: 'P-101 bearing temperature',
          series: ['VT-101.bearing_temperature'],
          layout: { x: 6, y: 0, w: 3, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'P-102 bearing temperature',
          series: ['VT-102.bearing_temperature'],
          layout: { x: 9, y: 0, w: 3, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'P-101 flow',
          series: ['FT-101.flow'],
          layout: { x: 6, y: 4, w: 3, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'P-102 flow',
          series: ['FT-102.flow'],
          layout: { x: 9, y: 4, w: 3, h: 4 },
        },
        {
          variant: 'line.smooth',
          title: 'Bearing vibration',
          series: ['VT-101.vibration', 'VT-102.vibration'],
          layout: { x: 0, y: 8, w: 6, h: 9 },
        },
        {
          variant: 'line.smooth',
          title: 'Bearing temperature',
          series: ['VT-101.bearing_temperature', 'VT-102.bearing_temperature'],
          layout: { x: 6, y: 8, w: 6, h: 9 },
        },
      ],
    },
  ],
};
