/// How the terminal app shows launches: one line in a list, a few lines for details.
public enum LaunchFormatting {
    public static func row(_ launch: LaunchListViewModel.Launch) -> String {
        let mission = launch.mission?.name ?? "unnamed mission"
        let booked = launch.isBooked ? "  [booked]" : ""
        return "\(launch.id.padding(toLength: 4, withPad: " ", startingAt: 0)) \(mission) — \(launch.rocket?.name ?? "?") from \(launch.site ?? "?")\(booked)"
    }

    public static func details(_ launch: LaunchDetailsViewModel.Launch) -> String {
        """
        Launch \(launch.id): \(launch.mission?.name ?? "unnamed mission")
          rocket: \(launch.rocket?.name ?? "?") (\(launch.rocket?.type ?? "?"))
          site:   \(launch.site ?? "?")
          patch:  \(launch.mission?.missionPatch ?? "none")
          booked: \(launch.isBooked ? "yes" : "no")
        """
    }
}
