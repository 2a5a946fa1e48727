import Redux
import ReduxLogging

/// The debug log's options: the password never reaches it, whether typed into the form (a binding),
/// sent with the login action, or held in the state.
func redactingLogOptions(sink: LogSink) -> LoggingOptions<AppState> {
    var options = LoggingOptions<AppState>(sink: sink)
    options.actionTransformer = { action in
        if let binding = action as? BindingAction<SettingsState>, binding.keyPath == \SettingsState.password {
            return binding.redacted()
        }
        if case SettingsAction.login(let email, _) = action {
            return SettingsAction.login(email: email, password: "<redacted>")
        }
        return action
    }
    options.stateTransformer = { state in
        var shown = state
        if !shown.settings.password.isEmpty {
            shown.settings.password = "<redacted>"
        }
        return shown
    }
    return options
}
