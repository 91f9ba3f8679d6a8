/** Forward-only migrations, in order. Add a file and list it here; never edit a landed one. */
import type { Migration } from 'kysely';
import * as identity from './0001_identity';
import * as peopleAndPermissions from './0002_people_and_permissions';
import * as entities from './0003_entities';
import * as telemetry from './0004_telemetry';
import * as gateways from './0005_gateways';
import * as telemetryFillfactor from './0006_telemetry_fillfactor';
import * as dashboards from './0007_dashboards';
import * as dashboardReports from './0008_dashboard_reports';
import * as telemetry6h from './0009_telemetry_6h';
import * as reportSweepIndexes from './0010_report_sweep_indexes';
import * as gatewayTopicTree from './0011_gateway_topic_tree';
import * as firmwareContentType from './0012_firmware_content_type';
import * as demoSeeds from './0013_demo_seeds';
import * as gatewayOfflineAnnounced from './0014_gateway_offline_announced';
import * as sharedBlobs from './0015_shared_blobs';
import * as clusterNodes from './0016_cluster_nodes';
import * as alerts from './0017_alerts';
import * as streamLogic from './0018_stream_logic';

export const migrations: Record<string, Migration> = {
  '0001_identity': identity,
  '0002_people_and_permissions': peopleAndPermissions,
  '0003_entities': entities,
  '0004_telemetry': telemetry,
  '0005_gateways': gateways,
  '0006_telemetry_fillfactor': telemetryFillfactor,
  '0007_dashboards': dashboards,
  '0008_dashboard_reports': dashboardReports,
  '0009_telemetry_6h': telemetry6h,
  '0010_report_sweep_indexes': reportSweepIndexes,
  '0011_gateway_topic_tree': gatewayTopicTree,
  '0012_firmware_content_type': firmwareContentType,
  '0013_demo_seeds': demoSeeds,
  '0014_gateway_offline_announced': gatewayOfflineAnnounced,
  '0015_shared_blobs': sharedBlobs,
  '0016_cluster_nodes': clusterNodes,
  '0017_alerts': alerts,
  '0018_stream_logic': streamLogic,
};
