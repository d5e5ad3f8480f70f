// One JSON file per namespace, so that features add their own file instead of editing a shared one.

import Common from "./Common.json";
import Dialer from "./Dialer.json";
import Nav from "./Nav.json";
import Shell from "./Shell.json";
import Dashboard from "./Dashboard.json";
import Placeholders from "./Placeholders.json";
import Help from "./Help.json";
import ReportsMenu from "./ReportsMenu.json";
import Reports from "./Reports.json";
import Settings from "./Settings.json";
import Login from "./Login.json";
import Landing from "./Landing.json";
import Mail from "./Mail.json";
import Profile from "./Profile.json";
import VerifyEmail from "./VerifyEmail.json";
import Facility from "./Facility.json";
import UI from "./UI.json";
import Targets from "./Targets.json";
import Admin from "./Admin.json";
import DoNotCall from "./DoNotCall.json";
import Deploy from "./Deploy.json";
import Calls from "./Calls.json";
import PowerDial from "./PowerDial.json";
import Callbacks from "./Callbacks.json";
import Analytics from "./Analytics.json";
import AccountSecurity from "./AccountSecurity.json";
import Team from "./Team.json";
import Invite from "./Invite.json";
import Integrations from "./Integrations.json";
import Recordings from "./Recordings.json";
import Voicemail from "./Voicemail.json";
import CallerIds from "./CallerIds.json";
import Floor from "./Floor.json";

const messages = {
  Common,
  Dialer,
  Nav,
  Shell,
  Dashboard,
  Placeholders,
  Help,
  ReportsMenu,
  Reports,
  Settings,
  Login,
  Landing,
  Mail,
  Profile,
  VerifyEmail,
  Facility,
  UI,
  Targets,
  Admin,
  DoNotCall,
  Deploy,
  Calls,
  PowerDial,
  Callbacks,
  Analytics,
  AccountSecurity,
  Team,
  Invite,
  Integrations,
  Recordings,
  Voicemail,
  CallerIds,
  Floor,
};
export default messages;
