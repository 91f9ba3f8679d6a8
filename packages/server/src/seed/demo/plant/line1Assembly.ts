/** Line 1 Assembly (Hall A, Trafford Park): screwdriving and press-fit stations, conveyors, end-of-line test. */
import type { ProjectPlant } from './types';

const CELL = 'L1 station cell gateway';
const CONVEYORS = 'L1 conveyor PLC';
const TESTER = 'L1 end-of-line tester';

export const LINE_1_ASSEMBLY: ProjectPlant = {
  project: 'Line 1 Assembly',
  origin: { latitude: 53.4652, longitude: -2.3205 },
  gateways: [
    {
      name: CELL,
      description: 'Edge gateway in the station cell cabinet, publishing to the plant broker.',
      protocol: 'mqtt',
      rate: 5,
      batch: 5,
      firmware: '3.2.0',
    },
    {
      name: CONVEYORS,
      description: "Conveyor PLC reporting over CoAP from the line's field network.",
      protocol: 'coap',
      rate: 4,
      batch: 2,
      firmware: '1.8.2',
    },
    {
      name: TESTER,
      description: 'Test bench PC posting results over HTTPS.',
      protocol: 'http',
      rate: 2,
      batch: 2,
      firmware: '5.0.1',
    },
  ],
  tree: [
    {
      kind: 'asset',
      name: 'Line 1',
      type: 'Assembly line',
      description: 'Final assembly of the EC-40 pump motor, two shifts.',
      at: [40, 80],
      children: [
        {
          kind: 'asset',
          name: 'Station 10 – Rotor screwdriving',
          type: 'Assembly station',
          at: [56, 88],
          children: [
            {
              kind: 'asset',
              name: 'Nutrunner TT-110',
              type: 'Torque tool',
              at: [56, 92],
              children: [
                {
                  kind: 'sensor',
                  tag: 'TT-110',
                  name: 'TT-110 torque/angle',
                  type: 'Torque transducer',
                  at: [56, 97],
                  gateway: CELL,
                },
              ],
            },
            {
              kind: 'asset',
              name: 'Nutrunner TT-120',
              type: 'Torque tool',
              at: [64, 92],
              children: [
                {
                  kind: 'sensor',
                  tag: 'TT-120',
                  name: 'TT-120 torque/angle',
                  type: 'Torque transducer',
                  at: [64, 97],
                  gateway: CELL,
                  tweaks: { torque: { base: 18 } },
                },
              ],
            },
          ],
        },
        {
          kind: 'asset',
          name: 'Station 20 – Housing screwdriving',
          type: 'Assembly station',
          at: [104, 88],
          children: [
            {
              kind: 'asset',
              name: 'Nutrunner TT-210',
              type: 'Torque tool',
              at: [104, 92],
              children: [
                {
                  kind: 'sensor',
                  tag: 'TT-210',
                  name: 'TT-210 torque/angle',
                  type: 'Torque transducer',
                  at: [104, 97],
                  gateway: CELL,
                  tweaks: { torque: { base: 30 } },
                },
              ],
            },
            {
              kind: 'asset',
              name: 'Nutrunner TT-220',
              type: 'Torque tool',
              at: [112, 92],
              children: [
                {
                  kind: 'sensor',
                  tag: 'TT-220',
                  name: 'TT-220 torque/angle',
                  type: 'Torque transducer',
                  at: [112, 97],
                  gateway: CELL,
                  tweaks: { torque: { base: 30 } },
                },
              ],
            },
          ],
        },
        {
          kind: 'asset',
          name: 'Station 30 – Bearing press-fit',
          type: 'Assembly station',
          at: [152, 88],
          children: [
            {
              kind: 'asset',
              name: 'Servo press PF-310',
              type: 'Press',
              at: [152, 92],
              children: [
                {
                  kind: 'sensor',
                  tag: 'PF-310',
                  name: 'PF-310 force/stroke',
                  type: 'Press-fit monitor',
                  at: [152, 97],
                  gateway: CELL,
                },
              ],
            },
          ],
        },
        {
          kind: 'asset',
          name: 'Line 1 conveyors',
          type: 'Conveyor system',
          at: [100, 72],
          children: [
            {
              kind: 'asset',
              name: 'Conveyor CV-01 infeed',
              type: 'Conveyor',
              at: [32, 72],
              children: [
                {
                  kind: 'sensor',
                  tag: 'CV-01',
                  name: 'CV-01 drive',
                  type: 'Conveyor drive',
                  at: [32, 67],
                  gateway: CONVEYORS,
                },
              ],
            },
            {
              kind: 'asset',
              name: 'Conveyor CV-02 transfer',
              type: 'Conveyor',
              at: [96, 72],
              children: [
                {
                  kind: 'sensor',
                  tag: 'CV-02',
                  name: 'CV-02 drive',
                  type: 'Conveyor drive',
                  at: [96, 67],
                  gateway: CONVEYORS,
                },
              ],
            },
            {
              kind: 'asset',
              name: 'Conveyor CV-03 outfeed',
              type: 'Conveyor',
              at: [176, 72],
              children: [
                {
                  kind: 'sensor',
                  tag: 'CV-03',
                  name: 'CV-03 drive',
                  type: 'Conveyor drive',
                  at: [176, 67],
                  gateway: CONVEYORS,
                  tweaks: { motor_temperature: { base: 58 } },
                },
              ],
            },
          ],
        },
        {
          kind: 'asset',
          name: 'End-of-line tester EOL-01',
          type: 'End-of-line tester',
          at: [208, 84],
          children: [
            {
              kind: 'sensor',
              tag: 'EOL-01',
              name: 'EOL-01 test results',
              type: 'End-of-line test bench',
              at: [208, 89],
              gateway: TESTER,
            },
          ],
        },
      ],
    },
    {
      kind: 'sensor',
      tag: 'AMB-A',
      name: 'Hall A ambient',
      type: 'Ambient sensor',
      at: [120, 140],
      gateway: TESTER,
    },
  ],
  dashboards: [
    {
      name: 'Line 1 Assembly: live overview',
      description: 'Torque at the screwdriving stations, press-fit force and the end-of-line result, live.',
      widgets: [
        {
          variant: 'kpi.basic',
          title: 'EOL first-pass yield',
          series: ['EOL-01.first_pass_yield'],
          layout: { x: 0, y: 0, w: 3, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'EOL cycle time',
          series: ['EOL-01.cycle_time'],
          layout: { x: 3, y: 0, w: 3, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'EOL leak rate',
          series: ['EOL-01.leak_rate'],
          layout: { x: 6, y: 0, w: 3, h: 4 },
        },
        {
          variant: 'kpi.basic',
          title: 'Hall A temperature',
          series: ['AMB-A.temperature'],
          layout: { x: 9, y: 0, w: 3, h: 4 },
        },
        {
          variant: 'line.smooth',
          title: 'Final torque by nutrunner',
          series: ['TT-110.torque', 'TT-120.torque', 'TT-210.torque', 'TT-220.torque'],
          layout: { x: 0, y: 4, w: 8, h: 9 },
        },
        {
          variant: 'gauge.basic',
          title: 'PF-310 press force',
          series: ['PF-310.force'],
          layout: { x: 8, y: 4, w: 4, h: 9 },
        },
        {
          variant: 'table.latest',
          title: 'Latest rundown angle',
          series: ['TT-110.angle', 'TT-120.angle', 'TT-210.angle', 'TT-220.angle'],
          layout: { x: 0, y: 13, w: 12, h: 7 },
        },
      ],
    },
    {
      name: 'Line 1 Assembly: conveyors',
      description: 'Belt speed, drive current and motor temperature of the three conveyor sections.',
      widgets: [
        {
          variant: 'gauge.basic',
          title: 'CV-01 belt speed',
          series: ['CV-01.speed'],
          layout: { x: 0, y: 0, w: 4, h: 8 },
        },
        {
          variant: 'gauge.basic',
          title: 'CV-02 belt speed',
          series: ['CV-02.speed'],
          layout: { x: 4, y: 0, w: 4, h: 8 },
        },
        {
          variant: 'gauge.basic',
          title: 'CV-03 belt speed',
          series: ['CV-03.speed'],
          layout: { x: 8, y: 0, w: 4, h: 8 },
        },
        {
          variant: 'line.smooth',
          title: 'Motor temperature',
          series: ['CV-01.motor_temperature', 'CV-02.motor_temperature', 'CV-03.motor_temperature'],
          layout: { x: 0, y: 8, w: 6, h: 9 },
        },
        {
          variant: 'area.basic',
          title: 'Drive current',
          series: ['CV-01.current', 'CV-02.current', 'CV-03.current'],
          layout: { x: 6, y: 8, w: 6, h: 9 },
        },
      ],
    },
  ],
};
